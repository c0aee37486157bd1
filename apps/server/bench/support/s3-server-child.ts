/**
 * s3rver in a process of its own for the benchmarks (an S3 store is a service of its own, not a
 * part of the load generator): prints its S3_URL as one JSON line, stops on SIGTERM.
 */
import { startS3Server } from '../../test/s3-server.ts';

const server = await startS3Server('measure-bench');
process.stdout.write(`${JSON.stringify({ s3Url: server.s3Url })}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
