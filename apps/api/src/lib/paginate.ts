// Page/page_size of the wire pageQuery into LIMIT/OFFSET, and the paginated envelope back.
export interface PageQuery {
  page: number;
  page_size: number;
}

export const pageWindow = ({ page, page_size }: PageQuery) => ({ limit: page_size, offset: (page - 1) * page_size });

export const pageOf = <T>({ page, page_size }: PageQuery, count: number, results: T[]) => ({ count, page, page_size, results });
