import {
  DOCUMENT_REQUEST_COMPANY_MAX_LENGTH,
  DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH,
  DOCUMENT_REQUEST_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  SITE_LOCALES,
} from '@waitlist/contract';
import { PG, SQLITE, list, type Ddl, type Migration } from './ddl';

// Migration 23: the trust page's "request our security documents" (issue 37 item 1; docs/decisions/0038). A buyer's
// name, work address, company, the documents asked for (the contract's kinds joined by spaces) and a message; whether
// a solved proof of work came with it; the SHA-256 of the page's form token with the request, so a double submit or a
// reloaded post stores one request; and who marked it answered. Erased DOCUMENT_REQUEST_RETENTION_DAYS after it arrived.
const documentRequests = (t: Ddl) => [
  `CREATE TABLE document_requests (
    id ${t.id},
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND ${DOCUMENT_REQUEST_NAME_MAX_LENGTH}),
    email ${t.text} NOT NULL CHECK (${t.length}(email) BETWEEN 3 AND ${EMAIL_MAX_LENGTH}),
    company ${t.text} NOT NULL CHECK (${t.length}(company) BETWEEN 1 AND ${DOCUMENT_REQUEST_COMPANY_MAX_LENGTH}),
    documents ${t.text} NOT NULL CHECK (documents <> '' AND ${t.length}(documents) <= 200),
    message ${t.text} CHECK (message IS NULL OR ${t.length}(message) <= ${DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH}),
    locale ${t.text} NOT NULL CHECK (locale IN (${list(SITE_LOCALES)})),
    proof_of_work ${t.int} NOT NULL CHECK (proof_of_work IN (0, 1)),
    form_token_hash ${t.text} UNIQUE,
    created_at ${t.ts} NOT NULL,
    answered_at ${t.ts},
    answered_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    answered_by_email ${t.text}
  )${t.strict}`,
  `CREATE INDEX document_requests_created_idx ON document_requests (created_at)`,
];

export const documentRequestsMigration: Migration = {
  version: 23,
  name: 'document_requests',
  postgres: documentRequests(PG),
  sqlite: documentRequests(SQLITE),
};
