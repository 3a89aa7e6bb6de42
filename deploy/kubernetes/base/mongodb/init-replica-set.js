// mongosh script: makes the three members a replica set, then the application's database user. Idempotent: a
// set that is already initiated and a user that already exists are left as they are, so it may run on every
// deploy. Run against the first member as the root user, with MONGO_MEMBERS (host:port,host:port,host:port) and
// MONGO_APP_PASSWORD in the environment (deploy/compose/compose.yaml, deploy/kubernetes/base/mongodb).
/* global rs, db, sleep, print */
const members = process.env.MONGO_MEMBERS.split(',');
const replicaSet = process.env.MONGO_REPLICA_SET || 'rs0';

try {
  rs.status();
  print(`replica set ${replicaSet} already initiated`);
} catch (err) {
  if (err.codeName !== 'NotYetInitialized') throw err;
  rs.initiate({
    _id: replicaSet,
    // The first member is preferred as primary, so the user below is made where this script runs.
    members: members.map((host, index) => ({ _id: index, host, priority: index === 0 ? 2 : 1 })),
  });
  print(`replica set ${replicaSet} initiated with ${members.join(', ')}`);
}

// Writes need a primary: wait until this member is elected (a few seconds after initiate).
for (let waited = 0; !db.hello().isWritablePrimary; waited += 1) {
  if (waited > 120) throw new Error('no primary after two minutes');
  sleep(1000);
}

// One database for every part (docs/operations.md); readWrite includes the find and changeStream actions.
const app = db.getSiblingDB('devcircle');
if (app.getUser('devcircle')) {
  app.updateUser('devcircle', { pwd: process.env.MONGO_APP_PASSWORD });
  print('user devcircle exists; password set from MONGO_APP_PASSWORD');
} else {
  app.createUser({
    user: 'devcircle',
    pwd: process.env.MONGO_APP_PASSWORD,
    roles: [{ role: 'readWrite', db: 'devcircle' }],
  });
  print('user devcircle created');
}
