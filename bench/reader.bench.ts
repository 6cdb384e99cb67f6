/**
 * The xlsx reader (apps/server/src/platform/uploads/sheet-reader.ts) against exceljs's streaming
 * reader, on a 50,000-row employee sheet (bench/sheets-data.ts) and the two heavy files the door
 * still lets in (bench/heavy-sheets.ts): read time (best of 3) and the RSS each read adds (peak
 * RSS while reading, sampled every 5 ms and from getrusage, minus the RSS just before), each read
 * in a fresh child process. Goals: the new reader at least as fast as exceljs on the employee
 * sheet, and <= 100 MB added on each heavy file.
 *
 * `npm run bench reader`; BENCH_ROWS=5000 for a quick run. Child mode: `tsx bench/reader.bench.ts read <exceljs|portal> <file>`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mark, mb, n, root, tsx } from './bench-kit.js';

const self = fileURLToPath(import.meta.url);

async function childRead(impl: string, file: string) {
  const buf = fs.readFileSync(file);
  const { openWorkbook } = await import('../apps/server/src/platform/uploads/sheet-reader.js');
  const { streamRead } = await import('./sheets-data.js');
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const t = performance.now();
  let rows = 0;
  let cells = 0;
  if (impl === 'exceljs') {
    rows = (await streamRead(file)).rows;
  } else {
    const wb = await openWorkbook(buf);
    for await (const r of wb.sheets[0]!.rows()) {
      rows++;
      cells += r.cells.length;
    }
  }
  const ms = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
  console.log(JSON.stringify({ ms, rows, cells, before, peak, added: peak - before }));
}

function run(impl: string, file: string) {
  const r = spawnSync(tsx, ['--expose-gc', self, 'read', impl, file], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${impl} read of ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number; rows: number; before: number; peak: number; added: number };
}

async function main() {
  const { businessToday, previousMonth, writeEmployeeSheet } = await import('./sheets-data.js');
  const { writeHeavySharedStrings, writeSparseMillion } = await import('./heavy-sheets.js');
  const rows = Number(process.env.BENCH_ROWS ?? 50_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-reader-'));
  try {
    const employees = await writeEmployeeSheet(path.join(dir, 'employees.xlsx'), rows, previousMonth(businessToday()).first);
    const heavy = await writeHeavySharedStrings(path.join(dir, 'heavy-shared-strings.xlsx'));
    const sparse = await writeSparseMillion(path.join(dir, 'sparse-million.xlsx'));
    const files = [
      { label: `employee sheet, ${n(rows)} rows`, path: employees.path, bytes: employees.bytes, heavy: false },
      { label: `heavy shared strings (${mb(heavy.unpacked['xl/sharedStrings.xml']!)} MB unpacked)`, path: heavy.path!, bytes: heavy.bytes, heavy: true },
      { label: `sparse, ${n(sparse.cells)} cells in ${n(sparse.rows)} rows`, path: sparse.path!, bytes: sparse.bytes, heavy: true },
    ];
    for (const f of files) {
      console.log(`\n${f.label} (${mb(f.bytes)} MB file):`);
      const result: Record<string, { best: number; all: number[]; added: number; rows: number }> = {};
      for (const impl of ['exceljs', 'portal']) {
        const runs = [0, 1, 2].map(() => run(impl, f.path));
        const best = Math.min(...runs.map((r) => r.ms));
        result[impl] = { best, all: runs.map((r) => r.ms), added: Math.max(...runs.map((r) => r.added)), rows: runs[0]!.rows };
        console.log(
          `  ${impl === 'exceljs' ? 'exceljs WorkbookReader' : 'portal reader (verifyZip + openWorkbook)'}: ${best.toFixed(0)} ms best of ${runs.map((r) => r.ms.toFixed(0)).join(', ')};` +
            ` ${n(runs[0]!.rows)} rows; RSS added while reading ${mb(result[impl].added)} MB (before ${mb(runs[0]!.before)} MB)`,
        );
      }
      const ratio = result.portal!.best / result.exceljs!.best;
      console.log(`  portal / exceljs time: ${ratio.toFixed(2)}x -> ${mark(ratio <= 1)} (<= 1.0x)`);
      if (f.heavy) console.log(`  portal RSS added: ${mb(result.portal!.added)} MB -> ${mark(result.portal!.added <= 100 * 1024 * 1024)} (<= 100 MB)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'read' && process.argv[3] && process.argv[4]) await childRead(process.argv[3], process.argv[4]);
else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
