// Admin area figures (issue 11): My Users with 10 000 seeded users — the first page in the browser and the
// paged `GET /users` through the gateway. Seeding is one bulk insert into the content database.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { chromium } from 'playwright-core';
import { tokenFor } from '@kidslearn/lib-testkit';
import { DEMO_ADMIN, newPage, signIn } from '../e2e/src/fixtures/session';
import { type BenchSection, percentile } from './types';

const SEEDED_USERS = 10_000;
const REQUESTS = 300;

export interface AdminBenchOptions {
  gatewayUrl: string;
  portalUrl: string;
  /** The content service's database (the users collection lives there). */
  contentMongoUrl: string;
}

/** Inserts `n` learners in bulk and returns a function that removes them again. */
async function seedUsers(mongoUrl: string, n: number): Promise<() => Promise<void>> {
  const run = randomUUID().slice(0, 8);
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  const users = connection.collection('users');
  const now = new Date().toISOString();
  const docs = Array.from({ length: n }, (_, i) => ({ email: `bench-${run}-${i}@bench.test`, name: `Bench Child ${i}`, role: 'user', gems: 0, gemsVersion: 0, img: '', created_At: now, last_log_in: now }));
  for (let i = 0; i < docs.length; i += 1000) await users.insertMany(docs.slice(i, i + 1000), { ordered: false });
  return async () => {
    await users.deleteMany({ email: { $regex: `^bench-${run}-` } });
    await connection.close();
  };
}

async function pageLatencies(gatewayUrl: string, token: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const page = 1 + (i % 50);
    const started = performance.now();
    const response = await fetch(`${gatewayUrl}/users?page=${page}&limit=20`, { headers: { authorization: `Bearer ${token}` } });
    await response.json();
    if (!response.ok) throw new Error(`GET /users answered ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Signed-in admin opens My Users; time until the first row of the table is visible. */
async function firstPageVisibleMs(portalUrl: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await newPage(browser);
    await signIn(page, DEMO_ADMIN, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    const started = Date.now();
    await page.goto(`${portalUrl}/dashboard/my-users`);
    await page.locator('table tbody tr').first().waitFor();
    return Date.now() - started;
  } finally {
    await browser.close();
  }
}

export async function benchAdmin(options: AdminBenchOptions): Promise<BenchSection> {
  const removeSeeded = await seedUsers(options.contentMongoUrl, SEEDED_USERS);
  try {
    const token = await tokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // Users inserted behind the content service's back reach its in-memory directory at its next reload
    // (at most a minute): wait for it, as an admin would see them after a bulk import.
    const deadline = Date.now() + 90_000;
    let total = 0;
    while (Date.now() < deadline) {
      total = ((await (await fetch(`${options.gatewayUrl}/users?page=1&limit=20`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number }).total;
      if (total >= SEEDED_USERS) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const samples = await pageLatencies(options.gatewayUrl, token);
    const visible = await firstPageVisibleMs(options.portalUrl);
    return {
      title: 'Admin My Users',
      figures: [
        { name: 'My Users first page visible (reload of /dashboard/my-users, signed in)', value: visible, unit: 'ms', budget: { op: '<=', value: 1000 } },
        { name: 'GET /users?page&limit=20 p50 via gateway', value: Math.round(percentile(samples, 50) * 10) / 10, unit: 'ms' },
        { name: 'GET /users?page&limit=20 p99 via gateway', value: Math.round(percentile(samples, 99) * 10) / 10, unit: 'ms', budget: { op: '<=', value: 50 } },
      ],
      notes: [`${SEEDED_USERS} users bulk-inserted (users in the collection: ${total}); ${REQUESTS} sequential page requests over pages 1–50. Lighthouse on /dashboard is in the Admin area section.`],
    };
  } finally {
    await removeSeeded();
  }
}
