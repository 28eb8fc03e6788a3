// A throw-away self-signed certificate for "parley-test.invalid" (valid until 2126). Tests only: it is
// trusted nowhere, so a client that verifies certificates refuses it.
export const testTlsKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgEMxoygwtkYSL2+t7
2dLWxhHxck6auiGTvtbDq/n+MmuhRANCAASBAd3B+K270wZXyZuek1U7a2bj1BZr
Utkl+/OWeqpgtPvLX2z2gS2aXM0WwPBi38Bf4DNOIpKDo2L1N3kqYDFx
-----END PRIVATE KEY-----`;

export const testTlsCertificate = `-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUONY7lTdJznCzqT88XhKzYR6mfeUwCgYIKoZIzj0EAwIw
HjEcMBoGA1UEAwwTcGFybGV5LXRlc3QuaW52YWxpZDAgFw0yNjExMjIyMTM1MTda
GA8yMTI2MTAyOTIxMzUxN1owHjEcMBoGA1UEAwwTcGFybGV5LXRlc3QuaW52YWxp
ZDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABIEB3cH4rbvTBlfJm56TVTtrZuPU
FmtS2SX785Z6qmC0+8tfbPaBLZpczRbA8GLfwF/gM04ikoOjYvU3eSpgMXGjczBx
MB0GA1UdDgQWBBTKhV3X4Zw80GHp7WY+WgPwW2IvhzAfBgNVHSMEGDAWgBTKhV3X
4Zw80GHp7WY+WgPwW2IvhzAPBgNVHRMBAf8EBTADAQH/MB4GA1UdEQQXMBWCE3Bh
cmxleS10ZXN0LmludmFsaWQwCgYIKoZIzj0EAwIDSAAwRQIgfkjXrERTWwMnHs7F
fiyfHPk+zugUVxVDfYIYUjA8/s4CIQCp+c2jzApQ19uw7rc8STR4NBAFMxzyNyk7
pdYg6Gu9SQ==
-----END CERTIFICATE-----`;
