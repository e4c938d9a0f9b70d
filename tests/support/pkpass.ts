// Opens a .pkpass and checks what iOS checks before Wallet accepts it (issue 22 §1): every file but manifest.json
// and signature is in manifest.json with its SHA-1; `signature` is a detached PKCS#7 signature over manifest.json
// whose signed attributes carry the manifest's digest, made by the pass-signing certificate, which chains through the
// WWDR intermediate to the root given; pass.json has the fields Wallet requires. node-forge parses the PKCS#7; the
// signature over the signed attributes and the chain are verified here, with no part of the product's code.
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import forge from 'node-forge';

export interface OpenedPass {
  files: Record<string, Buffer>;
  pass: Record<string, unknown> & {
    barcodes?: { format: string; message: string; altText?: string }[];
    generic?: Record<string, { key: string; label?: string; value: string }[]>;
  };
  manifest: Record<string, string>;
  signerCert: forge.pki.Certificate;
}

export function openPkpass(bytes: Uint8Array): OpenedPass {
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, Buffer.from(data)]));
  return {
    files,
    pass: JSON.parse(strFromU8(files['pass.json']!)),
    manifest: JSON.parse(strFromU8(files['manifest.json']!)),
    signerCert: undefined as never,
  };
}

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

/** Throws with the first thing iOS would refuse; returns the opened pass otherwise. */
export function verifyPkpass(bytes: Uint8Array, rootPem: string): OpenedPass {
  const opened = openPkpass(bytes);
  const { files, manifest, pass } = opened;
  const others = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
  if (JSON.stringify(Object.keys(manifest).sort()) !== JSON.stringify(others)) throw new Error(`manifest lists ${Object.keys(manifest).sort().join()} but the pass holds ${others.join()}`);
  for (const name of others) if (manifest[name] !== sha1(files[name]!)) throw new Error(`manifest SHA-1 of ${name} does not match`);

  const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(files.signature!.toString('binary')))) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string; content?: unknown };
  };
  if (p7.rawCapture.content) throw new Error('the signature is not detached');
  const attributes = p7.rawCapture.authenticatedAttributes;
  if (!attributes) throw new Error('the signature has no signed attributes');
  const attribute = (oid: string) =>
    attributes.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === oid) as forge.asn1.Asn1 | undefined;
  const digestAttribute = attribute(forge.pki.oids.messageDigest!);
  const digest = ((digestAttribute?.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string;
  if (forge.util.bytesToHex(digest) !== sha1(files['manifest.json']!)) throw new Error('the signed digest is not the SHA-1 of manifest.json');
  if (!attribute(forge.pki.oids.signingTime!)) throw new Error('the signature has no signing time (Wallet requires one)');

  const [signerCert] = p7.certificates.filter((c) => !c.getExtension('basicConstraints') || !(c.getExtension('basicConstraints') as { cA?: boolean }).cA);
  if (!signerCert) throw new Error('no pass-signing certificate in the signature');
  const signedAttributes = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes();
  const md = forge.md.sha1.create().update(signedAttributes);
  if (!(signerCert.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), p7.rawCapture.signature)) throw new Error('the signature does not verify with the signing certificate');

  const intermediates = p7.certificates.filter((c) => c !== signerCert);
  const store = forge.pki.createCaStore([forge.pki.certificateFromPem(rootPem)]);
  if (!forge.pki.verifyCertificateChain(store, [signerCert, ...intermediates])) throw new Error('the signing certificate does not chain to the root');

  const uid = signerCert.subject.getField({ type: '0.9.2342.19200300.100.1.1' })?.value;
  const ou = signerCert.subject.getField('OU')?.value;
  if (uid !== pass.passTypeIdentifier) throw new Error(`passTypeIdentifier ${String(pass.passTypeIdentifier)} is not the certificate's ${uid}`);
  if (ou !== pass.teamIdentifier) throw new Error(`teamIdentifier ${String(pass.teamIdentifier)} is not the certificate's ${ou}`);
  for (const field of ['passTypeIdentifier', 'teamIdentifier', 'serialNumber', 'organizationName', 'description']) {
    if (typeof pass[field] !== 'string' || !(pass[field] as string).length) throw new Error(`pass.json has no ${field}`);
  }
  if (pass.formatVersion !== 1) throw new Error('pass.json formatVersion is not 1');
  if (!files['icon.png']) throw new Error('the pass has no icon.png (iOS requires one)');
  return { ...opened, signerCert };
}
