import { DEFAULT_BCRYPT_COST, loadAuthSettings } from '../src/config';

describe('BCRYPT_COST', () => {
  test('12 by default; 10 to 15 anywhere', () => {
    expect(loadAuthSettings({}).bcryptCost).toBe(DEFAULT_BCRYPT_COST);
    expect(loadAuthSettings({ BCRYPT_COST: '10', NODE_ENV: 'production' }).bcryptCost).toBe(10);
    expect(loadAuthSettings({ BCRYPT_COST: '15' }).bcryptCost).toBe(15);
    expect(() => loadAuthSettings({ BCRYPT_COST: '16' })).toThrow(
      'BCRYPT_COST must be an integer from 4 to 15',
    );
  });

  test('down to 4 outside production (the test suites), never under 10 in production', () => {
    expect(loadAuthSettings({ BCRYPT_COST: '4' }).bcryptCost).toBe(4);
    expect(loadAuthSettings({ BCRYPT_COST: '4', NODE_ENV: 'test' }).bcryptCost).toBe(4);
    expect(() => loadAuthSettings({ BCRYPT_COST: '3' })).toThrow('from 4 to 15');
    expect(() => loadAuthSettings({ BCRYPT_COST: '9', NODE_ENV: 'production' })).toThrow(
      'BCRYPT_COST must be an integer from 10 to 15 (NODE_ENV=production)',
    );
  });
});
