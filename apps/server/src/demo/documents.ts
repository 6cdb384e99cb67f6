/**
 * The files the demo workers upload in the worker app: static sample files in ./fixtures (see
 * fixtures/README.md), six portraits, three ID-card-like address proofs and two page-like rental
 * agreements (PNG), an HR letter and the signed advance agreement (one-page PDFs). Read from beside
 * this module: the sources' folder under tsx, dist/demo/fixtures in the compiled server (the build
 * copies them there).
 */
import fs from 'node:fs';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const read = new Map<string, Buffer>();

function fixture(name: string): Buffer {
  let content = read.get(name);
  if (!content) {
    content = fs.readFileSync(new URL(name, FIXTURES));
    read.set(name, content);
  }
  return content;
}

/** The sample file for the k-th demo worker: the variants in turn, so neighbours differ. */
const nth = (prefix: string, variants: number, k: number) => fixture(`${prefix}-${(k % variants) + 1}.png`);

export const demoDocuments = {
  selfie: (k: number) => nth('selfie', 6, k),
  addressProof: (k: number) => nth('address-proof', 3, k),
  rentalAgreement: (k: number) => nth('rental-agreement', 2, k),
  hrLetter: () => fixture('hr-letter.pdf'),
  agreement: () => fixture('ewa-agreement.pdf'),
};
