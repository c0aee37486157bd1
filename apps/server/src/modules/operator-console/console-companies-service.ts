import type { ConsoleCompany, Language, PageResult } from '@measure/contract';
import { conflict, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { pageOf, windowOf, type ConsoleBody } from './console-paging.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session-service.ts';
import { ConsoleCompaniesRepository, type ConsoleCompanyRecord } from './console-companies-repository.ts';

export const companyNotFound = () => notFound('console.companyNotFound');

export function toConsoleCompany(record: ConsoleCompanyRecord): ConsoleCompany {
  return {
    CompanyId: record.id,
    Code: record.code,
    NameZh: record.nameZh,
    NameEn: record.nameEn,
    Disabled: record.disabledAt !== null,
    DisabledAt: record.disabledAt ? new Date(record.disabledAt).toISOString() : null,
    EnabledRobotTask: record.enabledRobotTask,
    EnabledModeling: record.enabledModeling,
    EnabledExternalWall: record.enabledExternalWall,
    EnabledGj: record.enabledGj,
    UserCount: record.userCount,
    DeviceCount: record.deviceCount,
    Admins: record.admins,
    CreateTime: new Date(record.createdAt).toISOString(),
  };
}

export const companyName = (names: { nameZh: string; nameEn: string }, lang: Language) =>
  lang === 'en-US' ? names.nameEn : names.nameZh;

/**
 * Customer companies (operator console): create with the first administrator, rename, disable or
 * enable, switch the feature gates. Each change is one transaction; a disable ends the company's
 * sessions in that transaction (every instance's session cache forgets them on commit).
 */
export class ConsoleCompaniesService {
  private readonly repository: ConsoleCompaniesRepository;

  constructor(private readonly deps: { db: Database; hasher: PasswordHasher; sessions: SessionService }) {
    this.repository = new ConsoleCompaniesRepository(deps.db);
  }

  async list(body: ConsoleBody<'getCompanyList'>): Promise<PageResult<ConsoleCompany>> {
    const found = await this.repository.page({
      content: body.Content,
      disabled: body.Disabled,
      ...windowOf(body),
    });
    return pageOf(body, found, (row) => toConsoleCompany(row));
  }

  async get(companyId: string): Promise<ConsoleCompany> {
    const record = await this.repository.byId(companyId);
    if (!record) throw companyNotFound();
    return toConsoleCompany(record);
  }

  async create(body: ConsoleBody<'addCompany'>): Promise<ConsoleCompany> {
    const passwordHash = await this.deps.hasher.hash(body.AdminPassword);
    let companyId: string;
    try {
      companyId = await this.deps.db.transaction(async (tx) => {
        const companies = new ConsoleCompaniesRepository(tx);
        if (await companies.codeTaken(body.Code)) throw conflict('Code', 'console.companyCodeTaken');
        const taken = await companies.loginTaken(body.AdminEmail, body.AdminPhone);
        if (taken === 'email') throw conflict('AdminEmail', 'users.emailTaken');
        if (taken === 'phone') throw conflict('AdminPhone', 'users.phoneTaken');
        return companies.insertCompany({
          code: body.Code,
          nameZh: body.NameZh,
          nameEn: body.NameEn,
          admin: { name: body.AdminName, email: body.AdminEmail, phone: body.AdminPhone, passwordHash },
        });
      });
    } catch (error) {
      throw this.uniqueAsConflict(error);
    }
    return this.get(companyId);
  }

  async edit(body: ConsoleBody<'editCompany'>): Promise<ConsoleCompany> {
    try {
      await this.deps.db.transaction(async (tx) => {
        const companies = new ConsoleCompaniesRepository(tx);
        if (await companies.codeTaken(body.Code, body.CompanyId))
          throw conflict('Code', 'console.companyCodeTaken');
        const updated = await companies.updateNames(body.CompanyId, {
          code: body.Code,
          nameZh: body.NameZh,
          nameEn: body.NameEn,
        });
        if (!updated) throw companyNotFound();
      });
    } catch (error) {
      throw this.uniqueAsConflict(error);
    }
    return this.get(body.CompanyId);
  }

  /** Disabling ends every session of the company's users at once; enabling lets them sign in again. */
  async setDisabled(companyId: string, disabled: boolean): Promise<ConsoleCompany> {
    await this.deps.db.transaction(async (tx) => {
      const companies = new ConsoleCompaniesRepository(tx);
      if (!(await companies.lock(companyId))) throw companyNotFound();
      await companies.setDisabled(companyId, disabled ? new Date() : null);
      if (disabled) await this.deps.sessions.revokeAllOfCompany(companyId, tx);
    });
    return this.get(companyId);
  }

  /**
   * The feature switches. GetSelf reads them from the company row on every call, so the web and the
   * gates see a switch at the next call.
   */
  async setGates(body: ConsoleBody<'setCompanyGates'>): Promise<ConsoleCompany> {
    await this.deps.db.transaction(async (tx) => {
      const companies = new ConsoleCompaniesRepository(tx);
      if (!(await companies.lock(body.CompanyId))) throw companyNotFound();
      await companies.setGates(body.CompanyId, {
        enabledRobotTask: body.EnabledRobotTask,
        enabledModeling: body.EnabledModeling,
        enabledExternalWall: body.EnabledExternalWall,
        enabledGj: body.EnabledGj,
      });
    });
    return this.get(body.CompanyId);
  }

  /** Two operators racing for one code or email: the unique index decides, answered like the check. */
  private uniqueAsConflict(error: unknown): unknown {
    const constraint = uniqueViolation(error);
    if (constraint === 'companies_code_unique') return conflict('Code', 'console.companyCodeTaken');
    if (constraint === 'users_email_uq') return conflict('AdminEmail', 'users.emailTaken');
    if (constraint === 'users_phone_uq') return conflict('AdminPhone', 'users.phoneTaken');
    return error;
  }
}
