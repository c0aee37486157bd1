import { operatorConsoleRoutes as routes } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { downloadName } from '../../core/download-names.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { REPLY_SENT, registerRoute } from '../../core/register-route.ts';
import type { Services } from '../../services.ts';
import { buildOrderListSheet } from './order-list-sheet.ts';

/**
 * The operator console (/api/sys/Console): access 'operator' on every route, so only the platform
 * operator passes the guard; company users get 403 before the body is read.
 */
export async function registerOperatorConsoleRoutes(
  app: FastifyInstance,
  { consoleCompanies, consoleDevices, consoleOrders, operatorPassword }: Services,
): Promise<void> {
  registerRoute(app, routes.getCompanyList, async ({ body }) => consoleCompanies.list(body));
  registerRoute(app, routes.addCompany, async ({ body, setMessage }) => {
    const company = await consoleCompanies.create(body);
    setMessage('console.companyCreated');
    return company;
  });
  registerRoute(app, routes.editCompany, async ({ body, setMessage }) => {
    const company = await consoleCompanies.edit(body);
    setMessage('console.companySaved');
    return company;
  });
  registerRoute(app, routes.setCompanyDisabled, async ({ body, setMessage }) => {
    const company = await consoleCompanies.setDisabled(body.CompanyId, body.Disabled);
    setMessage(body.Disabled ? 'console.companyDisabled' : 'console.companyEnabled');
    return company;
  });
  registerRoute(app, routes.setCompanyGates, async ({ body, setMessage }) => {
    const company = await consoleCompanies.setGates(body);
    setMessage('console.gatesSaved');
    return company;
  });

  registerRoute(app, routes.getDeviceList, async ({ body, request }) =>
    consoleDevices.list(body, request.lang),
  );
  registerRoute(app, routes.registerDevice, async ({ body, request, setMessage }) => {
    const device = await consoleDevices.register(body, request.lang);
    setMessage('console.deviceRegistered');
    return device;
  });
  registerRoute(app, routes.allocateDevice, async ({ body, request, setMessage }) => {
    const device = await consoleDevices.allocate(body, request.lang);
    setMessage('console.deviceAllocated', { company: device.CompanyName });
    return device;
  });
  registerRoute(app, routes.updateDevice, async ({ body, request, setMessage }) => {
    const device = await consoleDevices.update(body, request.lang);
    setMessage('console.deviceSaved');
    return device;
  });

  registerRoute(app, routes.getOrderList, async ({ body, request }) =>
    consoleOrders.list(body, request.lang),
  );
  registerRoute(app, routes.exportOrderList, async ({ body, request, reply }) => {
    const file = await buildOrderListSheet(await consoleOrders.exportRows(body, request.lang), request.lang);
    await sendWorkbook(reply, file, downloadName('orders', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, routes.getOrder, async ({ body, request }) =>
    consoleOrders.get(body.OrderId, request.lang),
  );
  registerRoute(app, routes.addOrder, async ({ body, operator, request, setMessage }) => {
    const order = await consoleOrders.create(operator, body, request.lang);
    setMessage('console.orderCreated');
    return order;
  });
  registerRoute(app, routes.editOrder, async ({ body, operator, request, setMessage }) => {
    const order = await consoleOrders.edit(operator, body, request.lang);
    setMessage('console.orderSaved');
    return order;
  });
  registerRoute(app, routes.changePassword, async ({ body, operator, ip, setMessage }) => {
    await operatorPassword.change(operator, body.OldPassword, body.NewPassword, ip);
    setMessage('auth.passwordChanged');
    return null;
  });
  registerRoute(app, routes.setOrderState, async ({ body, operator, request, setMessage }) => {
    const order = await consoleOrders.setState(operator, body, request.lang);
    setMessage('console.orderStateChanged', { state: { key: `console.orderState.${order.State}` } });
    return order;
  });
}
