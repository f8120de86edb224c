// Jest 30 ignores testTimeout inside a project entry; browser journeys get longer.
jest.setTimeout(120_000);
