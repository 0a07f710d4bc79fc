import { describe, expect, it } from 'vitest';
import { errorStatus, serverMessage } from './server-message';

describe('serverMessage', () => {
  it("takes the message from the JSON body of the error rule's text", () => {
    expect(serverMessage(new Error('401: {"message":"Invalid email or password"}'))).toBe('Invalid email or password');
    expect(serverMessage(new Error('400: {"message":"Passwords don\'t match"}'))).toBe("Passwords don't match");
  });

  it('gives null when there is no message of the server to show', () => {
    expect(serverMessage(new Error('502: Bad Gateway'))).toBeNull();
    expect(serverMessage(new Error('500: {"error":"boom"}'))).toBeNull();
    expect(serverMessage(new Error('400: {"message":"  "}'))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessage('401: {"message":"x"}')).toBeNull();
  });
});

describe('errorStatus', () => {
  it('reads the status of the error rule', () => {
    expect(errorStatus(new Error('401: {"message":"Unauthorized"}'))).toBe(401);
    expect(errorStatus(new Error('Failed to fetch'))).toBeNull();
  });
});
