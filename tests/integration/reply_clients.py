"""Replies to a board mail as real mail clients write them (the styles of the fixtures in
tests/fixtures/): the move typed above the quoted board, with each client's quoting,
attribution, signature, encoding and HTML. Each builder returns the raw bytes."""
import base64
import html
import quopri
import uuid
from email.utils import formatdate


def _quoted(board, prefix="> "):
    return "\n".join(prefix + line if line else prefix.rstrip() for line in board.splitlines())


def _headers(sender, to, subject, in_reply_to, extra=""):
    mid = f"<{uuid.uuid4().hex}@client.example>"
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\nDate: {formatdate()}\r\n"
            f"Message-ID: {mid}\r\nIn-Reply-To: <{in_reply_to}>\r\nReferences: <{in_reply_to}>\r\n"
            f"MIME-Version: 1.0\r\n{extra}")


def _crlf(text):
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def mutt(sender, to, subject, move, board, in_reply_to):
    body = f"{move}\n\nOn Mon, Nov 23, 2026 at 10:00:00PM +0000, PBeM Server wrote:\n{_quoted(board)}\n\n-- \nalice\n"
    return (_headers(sender, to, subject, in_reply_to, "Content-Type: text/plain; charset=us-ascii\r\n"
                     "Content-Disposition: inline\r\n") + "\r\n" + _crlf(body)).encode()


def thunderbird_flowed(sender, to, subject, move, board, in_reply_to):
    body = (f"{move}\n\nOn 23.11.26 22:00, PBeM Server wrote:\n{_quoted(board)}\n\n-- \n"
            "Sent with Thunderbird, a rather long signature line that flows over \nthe soft break.\n")
    return (_headers(sender, to, subject, in_reply_to,
                     "User-Agent: Mozilla Thunderbird\r\nContent-Type: text/plain; charset=UTF-8; format=flowed\r\n"
                     "Content-Transfer-Encoding: 8bit\r\n") + "\r\n" + _crlf(body)).encode()


def apple_mail_qp(sender, to, subject, move, board, in_reply_to):
    plain = f"{move}\n\nSent from my iPhone\n\n> On 23 Nov 2026, at 22:00, PBeM Server wrote:\n>\n{_quoted(board)}\n"
    boundary = "Apple-Mail-" + uuid.uuid4().hex[:12]
    qp = quopri.encodestring(_crlf(plain).encode(), quotetabs=False).decode()
    html_part = (f"<html><head><meta http-equiv=\"content-type\" content=\"text/html; charset=utf-8\"></head>"
                 f"<body dir=\"auto\">{html.escape(move)}<br><br><div dir=\"ltr\">Sent from my iPhone</div>"
                 f"<div dir=\"ltr\"><br><blockquote type=\"cite\">On 23 Nov 2026, at 22:00, PBeM Server wrote:<br>"
                 f"<pre>{html.escape(board)}</pre></blockquote></div></body></html>")
    body = (f"--{boundary}\r\nContent-Type: text/plain;\r\n\tcharset=us-ascii\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            f"{qp}\r\n--{boundary}\r\nContent-Type: text/html;\r\n\tcharset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            f"{quopri.encodestring(html_part.encode()).decode()}\r\n--{boundary}--\r\n")
    return (_headers(sender, to, subject, in_reply_to,
                     f"Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\nX-Mailer: iPhone Mail (21A329)\r\n")
            + "\r\n" + body).encode()


def gmail_html(sender, to, subject, move, board, in_reply_to):
    boundary = "000000000000" + uuid.uuid4().hex[:16]
    plain = f"{move}\n\nOn Mon, 23 Nov 2026 at 22:00, PBeM Server <\npbem@test.example> wrote:\n\n{_quoted(board)}\n"
    html_part = (f"<div dir=\"ltr\">{html.escape(move)}</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" "
                 f"class=\"gmail_attr\">On Mon, 23 Nov 2026 at 22:00, PBeM Server &lt;pbem@test.example&gt; wrote:<br></div>"
                 f"<blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex\"><pre>{html.escape(board)}</pre>"
                 f"</blockquote></div>")
    body = (f"--{boundary}\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\n{_crlf(plain)}\r\n"
            f"--{boundary}\r\nContent-Type: text/html; charset=\"UTF-8\"\r\n\r\n{html_part}\r\n--{boundary}--\r\n")
    return (_headers(sender, to, subject, in_reply_to,
                     f"Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\n") + "\r\n" + body).encode()


def outlook_qp_cp1252(sender, to, subject, move, board, in_reply_to):
    plain = (f"{move}\n\nCheers \u2013 J\u00fcrgen\n\n________________________________\nFrom: PBeM Server <pbem@test.example>\n"
             f"Sent: Monday, November 23, 2026 10:00 PM\nTo: J\u00fcrgen\nSubject: {subject[4:]}\n\n{board}\n")
    qp = quopri.encodestring(_crlf(plain).encode("cp1252")).decode()
    boundary = "_000_" + uuid.uuid4().hex[:20] + "_"
    html_part = (f"<html><body><div style=\"font-family:Calibri\">{html.escape(move)}</div><div>Cheers &#8211; J&uuml;rgen</div>"
                 f"<hr><div id=\"divRplyFwdMsg\"><b>From:</b> PBeM Server<br><b>Sent:</b> Monday<br></div>"
                 f"<pre>{html.escape(board)}</pre></body></html>")
    body = (f"--{boundary}\r\nContent-Type: text/plain; charset=\"Windows-1252\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            f"{qp}\r\n--{boundary}\r\nContent-Type: text/html; charset=\"Windows-1252\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            f"{quopri.encodestring(html_part.encode('cp1252')).decode()}\r\n--{boundary}--\r\n")
    subject = "RE: " + subject[4:] if subject.lower().startswith("re: ") else subject
    return (_headers(sender, to, subject, in_reply_to,
                     f"Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\nX-MS-Has-Attach: \r\n")
            + "\r\n" + body).encode()


def html_only(sender, to, subject, move, board, in_reply_to):
    html_part = (f"<html><head><style>p {{ margin: 0 }}</style></head><body><div>{html.escape(move)}&nbsp;</div>"
                 f"<div><br></div><div class=\"yahoo_quoted\">On Monday, November 23, 2026, PBeM Server wrote:"
                 f"<blockquote><pre>{html.escape(board)}</pre></blockquote></div></body></html>")
    b64 = base64.encodebytes(html_part.encode()).decode().replace("\n", "\r\n")
    return (_headers(sender, to, subject, in_reply_to,
                     "Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n")
            + "\r\n" + b64).encode()


CLIENTS = [mutt, thunderbird_flowed, apple_mail_qp, gmail_html, outlook_qp_cp1252, html_only]
