#!/usr/bin/env python3
"""A tiny SMTP server for testing pbem's SMTP client: it answers as the command line says
and records every line the client sends.

It listens on 127.0.0.1 on an ephemeral port, prints "PORT <n>" on stdout, serves ONE
connection and exits.

  --transcript FILE        every line received, as received (CRLF included), DATA too
  --extensions "A B"       EHLO keywords after the greeting line, separated by commas,
                           e.g. "AUTH PLAIN LOGIN,SIZE 1000,8BITMIME"
  --reply KEY=REPLY        answer KEY with REPLY instead of the default success. KEY is a
                           verb (EHLO, HELO, MAIL, RCPT, DATA, AUTH, STARTTLS, QUIT),
                           RCPT:<address> for one recipient, DOT for the end of data, or
                           GREETING. May be repeated.
  --silent                 send nothing at all (for timeout tests); wait for the client
                           to hang up
"""
import argparse
import socket
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--transcript", required=True)
    parser.add_argument("--extensions", default="8BITMIME")
    parser.add_argument("--reply", action="append", default=[])
    parser.add_argument("--silent", action="store_true")
    args = parser.parse_args()

    replies = {}
    for item in args.reply:
        key, _, reply = item.partition("=")
        replies[key] = reply

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(20)
    print("PORT %d" % listener.getsockname()[1], flush=True)
    connection, _ = listener.accept()
    connection.settimeout(20)
    reader = connection.makefile("rb")
    transcript = open(args.transcript, "wb")

    def send(text):
        connection.sendall(text.encode("utf-8") + b"\r\n")

    def next_line():
        line = reader.readline()
        transcript.write(line)
        transcript.flush()
        return line

    if args.silent:
        while reader.readline():
            pass
        return

    send(replies.get("GREETING", "220 scripted ESMTP"))
    while True:
        raw = next_line()
        if not raw:
            return
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        verb = line.split(" ", 1)[0].upper()
        if verb in replies:
            send(replies[verb])
            if replies[verb].startswith("421"):
                return
            continue
        if verb == "EHLO":
            extensions = [e for e in args.extensions.split(",") if e]
            lines = ["scripted"] + extensions
            for index, text in enumerate(lines):
                send(("250 " if index == len(lines) - 1 else "250-") + text)
        elif verb == "HELO":
            send("250 scripted")
        elif verb == "AUTH" and line.upper().startswith("AUTH LOGIN"):
            send("334 VXNlcm5hbWU6")
            next_line()
            send("334 UGFzc3dvcmQ6")
            next_line()
            send("235 2.7.0 Authentication successful")
        elif verb == "AUTH":
            send("235 2.7.0 Authentication successful")
        elif verb == "RCPT":
            address = line[line.find("<"):line.find(">") + 1]
            send(replies.get("RCPT:" + address, "250 2.1.5 OK"))
        elif verb == "DATA":
            send("354 go ahead")
            while True:
                data_line = next_line()
                if not data_line or data_line == b".\r\n":
                    break
            send(replies.get("DOT", "250 2.0.0 queued"))
        elif verb == "QUIT":
            send("221 2.0.0 bye")
            return
        else:
            send("250 2.0.0 OK")


if __name__ == "__main__":
    sys.exit(main())
