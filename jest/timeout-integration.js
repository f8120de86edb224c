// Jest 30 ignores testTimeout inside a project entry; set it for every integration test file here.
jest.setTimeout(60_000);
