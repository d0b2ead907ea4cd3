'use client';
// /staff/applications (ADR 078): applications in one state — waiting for review by default, the
// longest waiting first — each a link to its review.
import { ASSOCIATE_APPLICATION_STATUSES, type AssociateApplicationStatus } from '@kifu/domain/associate-application';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { inputClasses } from '@/components/ui/input-styles';
import { Link } from '@/i18n/navigation';
import { staffApi } from './staff-api';
import { StaffLoadState } from './staff-load-state';
import { useStaffLoad } from './use-staff-load';

export function ApplicationList() {
  const t = useTranslations('staff.applications');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const [status, setStatus] = useState<AssociateApplicationStatus>('submitted');
  const [load, retry] = useStaffLoad(() => staffApi.applications(status, locale), `${status}-${locale}`);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor="staff-applications-status" className="font-semibold">
          {t('filter')}
        </label>
        <select
          id="staff-applications-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as AssociateApplicationStatus)}
          className={inputClasses(false)}
          data-testid="staff-applications-status"
        >
          {ASSOCIATE_APPLICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {load.state !== 'loaded' ? (
        <StaffLoadState load={load} retry={retry} testId="staff-applications" />
      ) : load.value.results.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="staff-applications-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="staff-applications">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="p-2">
                  {t('column.name')}
                </th>
                <th scope="col" className="p-2">
                  {t('column.type')}
                </th>
                <th scope="col" className="p-2">
                  {t('column.uid')}
                </th>
                <th scope="col" className="p-2">
                  {t('column.applicant')}
                </th>
                <th scope="col" className="p-2">
                  {t('column.updated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {load.value.results.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="p-2">
                    <Link
                      href={`/staff/applications/${row.id}`}
                      className="underline"
                      data-testid={`staff-application-${row.requested_uid}`}
                    >
                      {row.name}
                    </Link>
                  </td>
                  <td className="p-2">{row.organisation_type_label}</td>
                  <td className="p-2">{row.requested_uid}</td>
                  <td className="p-2">{row.applicant_email}</td>
                  <td className="p-2">
                    {format.dateTime(new Date(row.updated_at), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
