/**
 * Documents the demo workers upload in the worker app: small PNG pictures (a selfie-like portrait,
 * an ID-card-like address proof, a page-like rental agreement) and one-page PDFs (an HR letter, a
 * signed advance agreement). Drawn here from the worker's details so every demo profile shows its
 * own real files; PNG via node:zlib, PDF written by hand (one page, Helvetica).
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const SKIN: Rgb[] = [[224, 172, 105], [198, 134, 66], [141, 85, 36], [241, 194, 125]];
const SHIRT: Rgb[] = [[37, 99, 235], [22, 163, 74], [220, 38, 38], [124, 58, 237], [234, 88, 12], [15, 118, 110]];
const BACKDROP: Rgb[] = [[226, 232, 240], [254, 243, 199], [219, 234, 254], [237, 233, 254]];

/** A portrait: head and shoulders on a plain backdrop, colours picked by `seed`. */
export function selfiePng(seed: number): Buffer {
  const skin = SKIN[seed % SKIN.length]!;
  const shirt = SHIRT[seed % SHIRT.length]!;
  const back = BACKDROP[seed % BACKDROP.length]!;
  const hair: Rgb = [40, 28, 20];
  return png(120, 150, (x, y) => {
    const dx = x - 60;
    const head = dx * dx + (y - 62) ** 2 <= 26 * 26;
    const hairCap = dx * dx + (y - 55) ** 2 <= 28 * 28 && y < 52;
    const eye = (((x - 50) ** 2 + (y - 62) ** 2 <= 9) || ((x - 70) ** 2 + (y - 62) ** 2 <= 9));
    const shoulders = ((dx * dx) / (52 * 52) + ((y - 150) ** 2) / (48 * 48)) <= 1;
    if (eye && head) return [30, 30, 30];
    if (hairCap) return hair;
    if (head) return skin;
    if (shoulders) return shirt;
    return back;
  });
}

/** An ID-card-like picture: coloured band, photo square, text lines. */
export function addressProofPng(seed: number): Buffer {
  const band = SHIRT[(seed + 2) % SHIRT.length]!;
  return png(240, 150, (x, y) => {
    if (x < 4 || x > 235 || y < 4 || y > 145) return [148, 163, 184];
    if (y < 30) return band;
    if (x >= 16 && x < 76 && y >= 44 && y < 120) return [203, 213, 225];
    const line = [50, 66, 82, 98, 114].find((l) => y >= l && y < l + 6);
    if (line !== undefined && x >= 90 && x < 90 + 130 - ((line + seed * 7) % 50)) return [71, 85, 105];
    return [248, 250, 252];
  });
}

/** A page-like picture of a rental agreement: title bar and paragraphs. */
export function rentalAgreementPng(seed: number): Buffer {
  return png(180, 240, (x, y) => {
    if (x < 3 || x > 176 || y < 3 || y > 236) return [148, 163, 184];
    if (y >= 18 && y < 28 && x >= 40 && x < 140) return [30, 41, 59];
    const para = y >= 44 && y < 200 && (y - 44) % 12 < 5 && x >= 16 && x < 164 - (((y + seed * 13) % 5) * 12);
    if (para) return [100, 116, 139];
    if (y >= 210 && y < 214 && x >= 100 && x < 160) return [30, 64, 175];
    return [255, 255, 255];
  });
}

const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A one-page PDF with a title and lines of text. */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const ops = [`BT /F1 16 Tf 56 780 Td (${pdfText(title)}) Tj ET`, ...lines.map((l, i) => `BT /F1 11 Tf 56 ${744 - i * 18} Td (${pdfText(l)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
