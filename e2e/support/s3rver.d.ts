// Types for the parts of @20minutes/s3rver (an S3-compatible server for tests, plain JS) the tests use.
declare module "@20minutes/s3rver" {
  type Options = { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
