export interface Page<T> {
  data: T[];
  pagination: { total_count: number; limit: number; offset: number };
}

export const pageOf = <T>(data: T[], total: number, limit: number, offset: number): Page<T> => ({
  data,
  pagination: { total_count: total, limit, offset },
});
