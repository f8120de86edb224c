// Runs once, when the mongo container starts on an empty data volume (/docker-entrypoint-initdb.d), as the
// root user: one user per service, readWrite on its own database only. Passwords from the environment
// (MONGO_<SERVICE>_PASSWORD); changing one later means changing it in MongoDB too (docs/SECURITY.md).
/* global db */
for (const service of ['content', 'quiz', 'gems', 'gifts']) {
  const variable = `MONGO_${service.toUpperCase()}_PASSWORD`;
  const password = process.env[variable];
  if (!password) throw new Error(`${variable} is not set`);
  const database = `kidslearn-${service}`;
  db.getSiblingDB(database).createUser({ user: service, pwd: password, roles: [{ role: 'readWrite', db: database }] });
}
