"""Verifies the DKIM signature of messages with python3-dkim (dkimpy, the library behind
Debian's `dkimverify`), an implementation independent of OpenDKIM, which signed them.

    dkim_verify_offline.py RECORD DOMAIN MESSAGE...

The public key comes from RECORD, the TXT record as opendkim-genkey writes it for the zone
(`SELECTOR._domainkey IN TXT ( "v=DKIM1; ..." "..." )`), published under DOMAIN, instead of
from DNS, which a test machine does not have: a signature naming another selector or domain
finds no key and fails. Prints one line per message, `pass` or `fail: REASON`, and exits 0
(the verdicts are the caller's to judge). test_postfix.py runs it with the interpreter of
/usr/bin/dkimverify, which may not be the one running the tests."""
import re
import sys

import dkim


def published(record_file, domain):
    """The name the record is published under (fully qualified) and its text."""
    with open(record_file) as f:
        text = f.read()
    name = text.split()[0]
    if not name.endswith("."):
        name = f"{name}.{domain}."
    return name.lower(), "".join(re.findall(r'"([^"]*)"', text))


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    name, value = published(sys.argv[1], sys.argv[2])

    def from_record(qname, timeout=5):
        asked = qname.decode() if isinstance(qname, bytes) else qname
        return value.encode() if asked.lower() == name else None

    for path in sys.argv[3:]:
        with open(path, "rb") as f:
            message = f.read()
        try:
            verdict = "pass" if dkim.verify(message, dnsfunc=from_record) else "fail: signature does not verify"
        except dkim.DKIMException as e:
            verdict = f"fail: {e}"
        print(verdict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
