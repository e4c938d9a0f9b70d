// The local Apple Wallet signer (issue 22 §1): created once in `.data/apple-wallet/` so that `npm start` and the tests
// sign real passes. A test root CA stands in for Apple's root, a WWDR-like intermediate for Apple's WWDR G4, and a
// pass-signing certificate for the Pass Type ID certificate (subject UID = pass type id, OU = team id, as Apple issues
// it); an EC P-256 key stands in for the APNs auth key. Keys are made with node:crypto (fast) and certificates with
// node-forge. Nothing here leaves the machine; the root is what the tests verify a pass's signature against.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import forge from 'node-forge';
import { localSignerFiles } from '../src/adapters/apple-wallet-signer';

export const LOCAL_PASS_TYPE_IDENTIFIER = 'pass.example.cardcrew.local';
export const LOCAL_TEAM_IDENTIFIER = 'CARDCREW01';
export const LOCAL_APNS_KEY_ID = 'LOCALAPNS1';

const rsaKeyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
};

function certificate(options: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKey: forge.pki.PublicKey;
  signingKey: forge.pki.rsa.PrivateKey;
  ca: boolean;
  years: number;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + options.years * 365 * 24 * 3600 * 1000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions(
    options.ca
      ? [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, critical: true }],
  );
  cert.sign(options.signingKey, forge.md.sha256.create());
  return cert;
}

/** Creates the local signer in `dir` unless it is there already; returns the directory. */
export function ensureLocalAppleWalletSigner(dir: string): string {
  if (existsSync(join(dir, localSignerFiles.config))) return dir;
  mkdirSync(dir, { recursive: true });
  const root = rsaKeyPair();
  const rootName = [{ name: 'commonName', value: 'CardCrew Local Test Root CA' }, { name: 'organizationName', value: 'CardCrew (local)' }];
  const rootCert = certificate({ subject: rootName, issuer: rootName, publicKey: root.publicKey, signingKey: root.privateKey, ca: true, years: 20 });
  const wwdr = rsaKeyPair();
  const wwdrName = [
    { name: 'commonName', value: 'CardCrew Local Worldwide Developer Relations Certification Authority' },
    { name: 'organizationalUnitName', value: 'G4' },
    { name: 'organizationName', value: 'CardCrew (local)' },
  ];
  const wwdrCert = certificate({ subject: wwdrName, issuer: rootName, publicKey: wwdr.publicKey, signingKey: root.privateKey, ca: true, years: 10 });
  const signer = rsaKeyPair();
  const signerCert = certificate({
    subject: [
      { type: '0.9.2342.19200300.100.1.1', value: LOCAL_PASS_TYPE_IDENTIFIER },
      { name: 'commonName', value: `Pass Type ID: ${LOCAL_PASS_TYPE_IDENTIFIER}` },
      { name: 'organizationalUnitName', value: LOCAL_TEAM_IDENTIFIER },
      { name: 'organizationName', value: 'CardCrew (local)' },
    ],
    issuer: wwdrName,
    publicKey: signer.publicKey,
    signingKey: wwdr.privateKey,
    ca: false,
    years: 1,
  });
  const apns = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
  write(localSignerFiles.root, forge.pki.certificateToPem(rootCert));
  write(localSignerFiles.wwdr, forge.pki.certificateToPem(wwdrCert));
  write(localSignerFiles.signerCert, forge.pki.certificateToPem(signerCert));
  write(localSignerFiles.signerKey, forge.pki.privateKeyToPem(signer.privateKey));
  write(localSignerFiles.apnsKey, apns.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  // Written last: its presence means the set is complete.
  write(localSignerFiles.config, JSON.stringify({ passTypeIdentifier: LOCAL_PASS_TYPE_IDENTIFIER, teamIdentifier: LOCAL_TEAM_IDENTIFIER, apnsKeyId: LOCAL_APNS_KEY_ID }, null, 2));
  return dir;
}
