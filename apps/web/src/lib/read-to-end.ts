// A fetch answer whose body nobody needs (a 401, a 202) is still read to its end: an unread body
// leaves the request open in the browser, so the page never reaches network idle and the
// connection is not handed back for the next request.
export async function readToEnd(response: Response): Promise<Response> {
  await response.arrayBuffer().catch(() => undefined);
  return response;
}
