// Public test credentials of the offline provider sandbox (apps/sandbox), shared by the sandbox and
// the API's defaults so `npm start` works with no configuration. They open nothing real: production
// configures the providers' own keys, and the API refuses these outside development and tests.
// Imported as '@kifu/domain/sandbox-credentials', never through the barrel (index.ts), which the
// browser code imports: the wallet's private key below must stay out of the web bundle (index.test.ts).
export const SANDBOX_CREDENTIALS = {
  card: {
    publicKey: 'pkey_test_kifu_sandbox_public',
    secretKey: 'skey_test_kifu_sandbox_secret',
    /** Base64, as Omise hands out webhook secrets; HMAC-SHA256 key after decoding. */
    webhookSecret: 'a2lmdS1zYW5kYm94LWNhcmQtd2ViaG9vay1zZWNyZXQ=',
  },
  wallet: {
    merchantId: 'KIFU_SANDBOX_MERCHANT',
    storeId: 'amzn1.application-oa2-client.kifu-sandbox',
    publicKeyId: 'SANDBOX-KIFU-PUBLIC-KEY-ID',
    /** RSA key pair: the API signs with the private key, the sandbox verifies with the public one. */
    privateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDNcUsXlQ5f7/lj
v1lfZycX0vTeZoycDME4PY5lYBLRYDpOzHrhEB8PdWi4O1aYmbXWiQEOWWshE33G
Xey1r7JoCG4xU0eyvF6HF9Sx/hh6Jt/ZxDuHcLuaB34D+cl7F9uTUbLv3wVqD6Wh
VGfURnNjOLhLwibYQYidGyYaK4N/kXccp3hfo/DuhXt9Ys+3xPLP7m+2rBBn9wDq
TuMEtkllY5XYfmi24UPQmyWWJEabAcRhoaA6UA5ThtQKVzCFYOixnpBHRZcoziZb
gvVl4vWzcNNOfa1ulLGulZ9e8O/vxYONfhqWTYkSpXJgXSKMc1QFY1m+PENC2/nj
y/BgqcD/AgMBAAECggEAYTiqFqDdSp1f4cpd2v4PzABzDQRuqjKHBbxrtKHAhgEJ
1tyBkhx09nXTdsvt8Q1ctgfjzgyW2/JDZSpxqJFa1kyXCRSmK3llKn0mlIzwvG3F
JWLt4OyCeyPsiKkepffmW1MgYM+j2ktJUI2HDTfBx0TCQmfAxjpNEjwUzfGlqyor
v7Mg0Zz6DW54c2Lf31p4FFJkJGVIWmOSt391ziBo5+LuAcPErdqKcOJx5KJ1oMnr
BPBQEDUxsMrqj9A70hn7ipMRVuvNYrJSuauFx+tRm7Bw42mKt1MqhIgDGi4eJJqf
YLTrj2VTeJV+PRMQEF+xR6Su/bcqYKk9b/vhCMcMMQKBgQD7dUpJd7hoPbHmPYvp
yY0M8vofbBjttGgN2LCXL8q0m7epfB222dk7aU7k+uyZ71HO3A/gra1VKRv6sqCQ
Nul9blXZhft5yKxEhpBDvPc0XvhF93SsByGXFy8eQ7jPR4ndKNq1R9W2YE/H1+hG
YvingzT/cM6e8cAE1uD83r6C0wKBgQDRJzuiIV82hhCRKAodO5M+vUD54N/cl36H
3oGLOnrVvzkSxVNAyDhq1T0CKV7p12wtEP2XVHZ24iugSFqPcsmFAwLANu/5kGf3
W/QzZ/d68faXT/uAFaI0VLeuNNjerrspwhdmZLsfKmC0Iurax6rVIBY6dDSz4s0p
F5rCmnd1pQKBgCcDc5sicAH8UHWgZuzG0JOJvzTQ2K1IqDw9umg6igCriDtLfnC4
K/QDyrHMHJllgBPQIMaDK7liv2yN+ktluaQ0Ui2FlBa5A8E9/3QDBXeipHJ2iiuG
j7eZaT4Q08OVHdaqWAR4OLgrCTXAUdFZ2apjuP1Iy0XtzBT0IcQZ6wTxAoGAPibt
dqF6HMa8F5aRYtx4RhWRQHANtgyiwhdh4ZDQPcJkYGqY8dBNy5lwVrsahFzKvZ2l
7hlgVrWhBzFZD/WpYshhQeNRbpT2ADCoIbqMdVF/2Lkg4JANMoXWS4NSyuGbpq4R
rBDU9k7ui7kwlzDsWAb/9ADiRG5qTwK/r4Kday0CgYBJiFI5BVmHVdlOUB6egIn+
kivGi4V5pO2YKPbs70iarZYJsXrcA8yGXMtKs6ahqr2smhIAMqdezDXTpRHP8ZIa
DEFbLn8KMdRTWsIt6knk8V8n5McgoZXkGIK3GShfTQSDlEvnuPafTI2X09lAdCVJ
mkp7fcA7vqrKspi79BOcEA==
-----END PRIVATE KEY-----`,
    publicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzXFLF5UOX+/5Y79ZX2cn
F9L03maMnAzBOD2OZWAS0WA6Tsx64RAfD3VouDtWmJm11okBDllrIRN9xl3sta+y
aAhuMVNHsrxehxfUsf4Yeibf2cQ7h3C7mgd+A/nJexfbk1Gy798Fag+loVRn1EZz
Yzi4S8Im2EGInRsmGiuDf5F3HKd4X6Pw7oV7fWLPt8Tyz+5vtqwQZ/cA6k7jBLZJ
ZWOV2H5otuFD0JslliRGmwHEYaGgOlAOU4bUClcwhWDosZ6QR0WXKM4mW4L1ZeL1
s3DTTn2tbpSxrpWfXvDv78WDjX4alk2JEqVyYF0ijHNUBWNZvjxDQtv548vwYKnA
/wIDAQAB
-----END PUBLIC KEY-----`,
  },
  bank: {
    apiKey: 'bank_test_kifu_sandbox_key',
    webhookSecret: 'kifu-sandbox-bank-webhook-secret',
  },
  botCheck: {
    siteKey: 'kifu-sandbox-site-key',
    secret: 'kifu-sandbox-bot-check-secret',
  },
  /**
   * The S3-compatible object store (apps/sandbox/src/storage): requests must be SigV4-signed with
   * this key pair, and the bucket exists from the start.
   */
  storage: {
    accessKeyId: 'AKIAKIFUSANDBOXSTORE',
    secretAccessKey: 'kifu-sandbox-storage-secret-access-key',
    bucket: 'kifu-sandbox-uploads',
  },
  /** The sandbox's OpenID Connect provider ("Kifu ID"), the social login of spec §7. */
  socialLogin: {
    clientId: 'kifu-web',
    clientSecret: 'kifu-sandbox-social-login-client-secret',
  },
} as const;
