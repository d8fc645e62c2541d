// `stccg odds`, run as bin/stccg.mjs runs it (the built program), then the CPU this process used, every
// thread included, as the last line on stderr: what bench/odds.ts times from outside.
const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
const cpu = process.cpuUsage();
process.stderr.write(`${JSON.stringify({ cpuMicroseconds: cpu.user + cpu.system })}\n`);
