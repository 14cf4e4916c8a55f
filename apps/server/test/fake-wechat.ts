// A stand-in for the WeChat and WeCom APIs on 127.0.0.1: counts every fetch by path, answers tokens and tickets,
// and can be slowed down or made to fail. It is also WeCom's OAuth page: /connect/oauth2/authorize sends the browser
// straight back to the redirect_uri with a fresh code for whoever the phone is signed into WeCom as, and
// /cgi-bin/auth/getuserinfo answers a code once, as WeCom does (40029 for a used or unknown code, 42001 for an
// access token it was told has expired); /sns/oauth2/access_token does the same for an official account's openid
// (40163 for a used code, 40029 for an unknown one).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWechat = {
  url: string;
  /** Fetches by path (/cgi-bin/token, /cgi-bin/ticket/getticket, …). */
  counts: Record<string, number>;
  /** Answers errcode 40001 from now on. */
  setFailing: (isFailing: boolean) => void;
  /** Who the phone is signed into WeCom as: a member's user id, or someone outside the corporation (openid). */
  signInAs: (who: { userid: string } | { openid: string }) => void;
  /** A code for whoever is signed in, as the authorize page would put on the callback. */
  issueCode: () => string;
  /** getuserinfo and message/send answer 42001 for this access token from now on. */
  expireToken: (token: string) => void;
  /** The access token of the `count`-th message/send from now expires right after it (WeCom's two hours are up). */
  expireTokenAfterSends: (count: number) => void;
  /** The authorize requests seen (their query parameters). */
  authorizeRequests: URLSearchParams[];
  /** Application messages sent (message/send), with the access token each came with. */
  sends: { accessToken: string; touser: string[]; msgtype: string; textcard: Record<string, string> }[];
  /** WeChat template messages sent (message/template/send), one worker each. */
  templateSends: {
    accessToken: string;
    touser: string;
    template_id: string;
    url: string;
    data: Record<string, { value: string }>;
  }[];
  /** Openids that no longer follow the official account: answered 43004. */
  unfollowed: Set<string>;
  /** The msgids recalled (message/recall). */
  recalls: string[];
  /** Member ids WeCom does not know: answered in invaliduser (81013 when a call names only such). */
  invalidUsers: Set<string>;
  /** The next `count` sends are refused with `errcode` (45009: over the frequency limit). */
  refuseNextSends: (count: number, errcode: number) => void;
  /** Tickets answered: the nth fetch of a path answers `<prefix>-<n>`. */
  close: () => Promise<void>;
};

/** A request's body as text. */
const bodyOf = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
};
const answerJson = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export const startFakeWechat = async ({ delayMs = 50, expiresIn = 7200 } = {}): Promise<FakeWechat> => {
  const counts: Record<string, number> = {};
  let isFailing = false;
  /** Tokens never repeat, even after the counts are cleared: an expired one must not come back. */
  let tokenSerial = 0;
  let signedIn: { userid: string } | { openid: string } = { userid: '' };
  const codes = new Map<string, { who: { userid: string } | { openid: string }; isUsed: boolean }>();
  const expiredTokens = new Set<string>();
  const authorizeRequests: URLSearchParams[] = [];
  const sends: FakeWechat['sends'] = [];
  const recalls: string[] = [];
  const invalidUsers = new Set<string>();
  const templateSends: FakeWechat['templateSends'] = [];
  const unfollowed = new Set<string>();
  let refusals = { count: 0, errcode: 0 };
  let sendsBeforeExpiry = Number.POSITIVE_INFINITY;
  /** What a send answers before it looks at the message: an expired token, or a refusal a test asked for. */
  const refusalOf = (accessToken: string) => {
    if (expiredTokens.has(accessToken)) return { errcode: 42001, errmsg: 'access_token expired' };
    if (refusals.count === 0) return undefined;
    refusals.count -= 1;
    return { errcode: refusals.errcode, errmsg: 'refused' };
  };
  const sendTemplate = (url: URL, text: string) => {
    const accessToken = url.searchParams.get('access_token') ?? '';
    const refusal = refusalOf(accessToken);
    if (refusal) return refusal;
    const message = JSON.parse(text) as Omit<FakeWechat['templateSends'][number], 'accessToken'>;
    if (unfollowed.has(message.touser)) return { errcode: 43004, errmsg: 'require subscribe' };
    templateSends.push({ accessToken, ...message });
    return { errcode: 0, errmsg: 'ok', msgid: 200_000 + templateSends.length };
  };
  const sendMessage = (url: URL, text: string) => {
    const accessToken = url.searchParams.get('access_token') ?? '';
    const refusal = refusalOf(accessToken);
    if (refusal) return refusal;
    const message = JSON.parse(text) as { touser: string; msgtype: string; textcard: Record<string, string> };
    const touser = message.touser.split('|');
    const unknown = touser.filter((user) => invalidUsers.has(user));
    if (unknown.length === touser.length) return { errcode: 81013, errmsg: 'user & party & tag all invalid' };
    sends.push({ accessToken, touser, msgtype: message.msgtype, textcard: message.textcard });
    sendsBeforeExpiry -= 1;
    if (sendsBeforeExpiry === 0) expiredTokens.add(accessToken);
    return { errcode: 0, errmsg: 'ok', invaliduser: unknown.join('|'), msgid: `msg-${sends.length}` };
  };
  const issueCode = () => {
    const code = `code-${codes.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
    codes.set(code, { who: signedIn, isUsed: false });
    return code;
  };
  const userInfo = (url: URL) => {
    if (expiredTokens.has(url.searchParams.get('access_token') ?? '')) {
      return { errcode: 42001, errmsg: 'access_token expired' };
    }
    const issued = codes.get(url.searchParams.get('code') ?? '');
    if (!issued || issued.isUsed) return { errcode: 40029, errmsg: 'invalid code' };
    issued.isUsed = true;
    return 'userid' in issued.who
      ? { errcode: 0, errmsg: 'ok', userid: issued.who.userid, user_ticket: 'ticket' }
      : { errcode: 0, errmsg: 'ok', openid: issued.who.openid, external_userid: '' };
  };
  /** The official account's exchange (sns/oauth2/access_token): 40163 for a used code, 40029 for an unknown one. */
  const snsAccessToken = (url: URL) => {
    const issued = codes.get(url.searchParams.get('code') ?? '');
    if (!issued) return { errcode: 40029, errmsg: 'invalid code' };
    if (issued.isUsed) return { errcode: 40163, errmsg: 'code been used' };
    issued.isUsed = true;
    if (!('openid' in issued.who)) return { errcode: 40029, errmsg: 'invalid code' };
    return {
      access_token: `sns-${issued.who.openid}`,
      expires_in: 7200,
      refresh_token: 'refresh',
      openid: issued.who.openid,
      scope: 'snsapi_base',
    };
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const count = (counts[url.pathname] ?? 0) + 1;
    counts[url.pathname] = count;
    // For a browser test in another process: who the phone is signed into WeCom as ({"userid"} or {"openid"}).
    if (url.pathname === '/fake/sign-in-as' && request.method === 'POST') {
      void bodyOf(request).then((text) => {
        signedIn = JSON.parse(text) as typeof signedIn;
        response.writeHead(204);
        response.end();
      });
      return;
    }
    if (url.pathname === '/cgi-bin/message/send' && request.method === 'POST') {
      void bodyOf(request).then((text) => answerJson(response, sendMessage(url, text)));
      return;
    }
    if (url.pathname === '/cgi-bin/message/template/send' && request.method === 'POST') {
      void bodyOf(request).then((text) => answerJson(response, sendTemplate(url, text)));
      return;
    }
    if (url.pathname === '/cgi-bin/message/recall' && request.method === 'POST') {
      void bodyOf(request).then((text) => {
        recalls.push((JSON.parse(text) as { msgid: string }).msgid);
        answerJson(response, { errcode: 0, errmsg: 'ok' });
      });
      return;
    }
    if (url.pathname === '/connect/oauth2/authorize') {
      authorizeRequests.push(url.searchParams);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', issueCode());
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    const body = isFailing
      ? { errcode: 40001, errmsg: 'invalid credential' }
      : url.pathname === '/cgi-bin/auth/getuserinfo'
        ? userInfo(url)
        : url.pathname === '/sns/oauth2/access_token'
          ? snsAccessToken(url)
          : url.pathname.endsWith('token')
            ? { errcode: 0, access_token: `token-${++tokenSerial}`, expires_in: expiresIn }
            : {
                errcode: 0,
                errmsg: 'ok',
                ticket: `${url.pathname.split('/').pop()}-${url.searchParams.get('type') ?? 'corp'}-${count}`,
                expires_in: expiresIn,
              };
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setFailing: (next) => {
      isFailing = next;
    },
    signInAs: (who) => {
      signedIn = who;
    },
    issueCode,
    expireToken: (token) => expiredTokens.add(token),
    expireTokenAfterSends: (count) => {
      sendsBeforeExpiry = count;
    },
    authorizeRequests,
    sends,
    templateSends,
    unfollowed,
    recalls,
    invalidUsers,
    refuseNextSends: (count, errcode) => {
      refusals = { count, errcode };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
