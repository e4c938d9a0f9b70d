// Joins class names, skipping falsy values (no tailwind-merge: components avoid conflicting defaults instead).
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
