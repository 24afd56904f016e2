// The eight endpoints of API v1 ("Endpoints") with their scopes.
import { createDse } from './dse/dse-create';
import { getDse } from './dse/dse-get';
import { createFe } from './fe/fe-create';
import { getAcquirer, getFe, listFe, listPaymentMethods, listTerceros } from './fe/fe-read';
import type { Route } from './http/server';

export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/companies/:company_id/fe/docs', scope: 'fe.read', handle: listFe },
  { method: 'GET', path: '/companies/:company_id/fe/docs/:doc_id', scope: 'fe.read', handle: getFe },
  { method: 'GET', path: '/companies/:company_id/fe/terceros', scope: 'fe.read', handle: listTerceros },
  { method: 'GET', path: '/companies/:company_id/fe/payment-methods', scope: 'fe.read', handle: listPaymentMethods },
  { method: 'POST', path: '/companies/:company_id/dian/get-acquirer', scope: 'fe.read', handle: getAcquirer },
  { method: 'POST', path: '/companies/:company_id/fe/facturas', scope: 'fe.write', handle: createFe },
  { method: 'POST', path: '/companies/:company_id/dse/documentos', scope: 'dse.write', handle: createDse },
  { method: 'GET', path: '/companies/:company_id/dse/documentos/:doc_id', scope: 'dse.read', handle: getDse },
];
