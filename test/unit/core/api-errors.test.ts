// The contract's error table ("Errors") mapped to stable codes; the decision is the status, never the text.
import { describe, expect, it } from 'vitest';
import { classifyAnswer, classifyTransport, missingScopes } from '#core/api/errors';
import { TransportFailure } from '#core/api/http';

const answer = (status: number, error = 'algo') => ({ status, body: { ok: false, error }, text: '' });

describe('classifyAnswer', () => {
  it.each([
    [400, 'read', 'api_invalid'],
    [401, 'read', 'api_unauthorized'],
    [403, 'read', 'api_forbidden'],
    [404, 'read', 'api_not_found'],
    [409, 'write', 'api_key_conflict'],
    [422, 'write', 'api_rejected'],
    [500, 'write', 'api_uncertain'],
    [502, 'write', 'api_uncertain'],
    [500, 'read', 'api_unexpected'],
    [502, 'read', 'api_unexpected'],
    [418, 'read', 'api_unexpected'],
  ] as const)('HTTP %i on a %s is %s', (status, operation, code) => {
    expect(classifyAnswer(answer(status), operation, 7).code).toBe(code);
  });

  it('names the missing scopes of a 403 and tells the wrong company apart', () => {
    const scopes = classifyAnswer(answer(403, 'insufficient scopes: dse.write, dse.read'), 'read', 7);
    expect(scopes.message).toContain('dse.write, dse.read');
    expect(scopes.details).toMatchObject({ scopes: ['dse.write', 'dse.read'] });
    const company = classifyAnswer(answer(403, 'token has no access to the requested company'), 'read', 7);
    expect(company.message).toContain('empresa 7');
    expect(missingScopes({ ok: false, error: 'x' })).toEqual([]);
  });

  it('never carries anything but the server message and the status', () => {
    const error = classifyAnswer({ status: 401, body: null, text: 'Bearer abc' }, 'read', 1);
    expect(JSON.stringify(error.toShape())).not.toContain('abc');
  });
});

describe('classifyTransport', () => {
  it('a timeout on a write is uncertain; on a read, unreachable', () => {
    expect(classifyTransport(new TransportFailure('timeout', null), 'write').code).toBe('api_uncertain');
    expect(classifyTransport(new TransportFailure('timeout', null), 'read').code).toBe('api_unreachable');
    expect(classifyTransport(new TransportFailure('unreachable', null), 'write').code).toBe('api_unreachable');
  });
});
