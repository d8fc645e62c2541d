import { FULL_BUDGET, QUICK_BUDGET } from './harness.ts';
import { measureKernel } from './kernel.ts';

/** `npm run bench:kernel [-- --quick]`: the kernel's figures alone (npm run bench measures them with the rest). */
const result = measureKernel(process.argv.includes('--quick') ? QUICK_BUDGET : FULL_BUDGET);
const f = (n: number, d = 1) => n.toFixed(d);
process.stdout.write(
  `${[
    `battle 10v10: kernel ${f(result.kernelMicroseconds.median)} µs (q1–q3 ${f(result.kernelMicroseconds.q1)}–${f(result.kernelMicroseconds.q3)}), statecharts ${f(result.statecharts.ms.median, 2)} ms: ${f(result.speedup.median)}× (q1–q3 ${f(result.speedup.q1)}–${f(result.speedup.q3)})`,
    `odds, 10,000 battles of the boarding party in process: kernel ${f(result.oddsKernelSeconds.median, 3)} s; statecharts ${f(result.oddsStatechartsSecondsPer10000.median, 2)} s`,
    `fork mid-battle (boarding party): ${f(result.forkMicroseconds.median, 2)} µs; a game into a kernel: ${f(result.intoKernelMicroseconds.median)} µs`,
    `bytes allocated per battle: kernel ${f(result.bytesPerBattle.median / 1024)} KiB, statecharts ${f(result.statechartBytesPerBattle.median / 1024)} KiB`,
  ].join('\n')}\n`,
);
