// Types for the vCard parser the tests use to read back Save Contact downloads.
declare module 'vcf' {
  interface Property {
    valueOf(): string;
  }
  class vCard {
    version: string;
    get(key: string): Property & Property[];
    static parse(text: string): vCard[];
  }
  export default vCard;
}
