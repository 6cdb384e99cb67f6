/**
 * Loaded (`--import`) into the simulated bank's process when the portal starts it: the bank stops
 * when the portal's IPC channel closes, so a portal that dies (even by SIGKILL) leaves no bank
 * behind holding its port.
 */
if (process.send) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
export {};
