import { startBareBaseline } from './bare-baseline.mjs';
const bare = await startBareBaseline('node', process.argv[2], 3490, { 'accept-encoding': 'gzip, deflate, br' });
console.log(bare.url, bare.bytes);
await new Promise((r) => setTimeout(r, 60_000));
await bare.stop();
