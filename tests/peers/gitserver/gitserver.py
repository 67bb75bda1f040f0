#!/usr/bin/env python3
"""A git smart-HTTP server for tests: `git http-backend` as a CGI per request, on 127.0.0.1.

Every request needs HTTP Basic (--user/--password) or, with --bearer, that bearer token. Options to
misbehave: --trickle-bytes-per-second (slow answers), --redirect-to (301 everywhere). Without
--allow-unadvertised a commit that is no ref's tip cannot be fetched by id (as on many servers).
With --lfs-store DIR it also serves Git LFS: the batch API (POST <repo>/info/lfs/objects/batch) and
downloads (GET /lfs/objects/<oid>) of the files in DIR named by their oid; --lfs-href-base sends the
downloads elsewhere, --open-lfs-downloads serves them without a credential (a storage host),
--lfs-corrupt serves each object with its first byte changed.
Standard library only; the request log (--request-log) never holds a credential.
"""
import argparse
import base64
import json
import os
import socketserver
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BACKEND = "/usr/lib/git-core/git-http-backend"


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True)
    p.add_argument("--user", default="")
    # Default: $GITSERVER_PASSWORD, so that it is not in the server's argv.
    p.add_argument("--password", default=os.environ.get("GITSERVER_PASSWORD", ""))
    p.add_argument("--bearer", default=os.environ.get("GITSERVER_BEARER", ""))
    p.add_argument("--port-file", required=True)
    p.add_argument("--trickle-bytes-per-second", type=int, default=0)
    p.add_argument("--redirect-to", default="")
    p.add_argument("--request-log", default="")
    p.add_argument("--allow-unadvertised", action="store_true")
    p.add_argument("--lfs-store", default="")
    p.add_argument("--lfs-href-base", default="")
    p.add_argument("--open-lfs-downloads", action="store_true")
    p.add_argument("--lfs-corrupt", action="store_true")
    return p.parse_args()


ARGS = parse_args()
LOG_LOCK = threading.Lock()


def authorized(header):
    if not ARGS.user and not ARGS.bearer:
        return True
    if header is None:
        return False
    if ARGS.bearer and header == "Bearer " + ARGS.bearer:
        return True
    if ARGS.user and header.startswith("Basic "):
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        except Exception:
            return False
        return user == ARGS.user and password == ARGS.password
    return False


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet: the test prints what it needs
        pass

    def log_request_line(self):
        if not ARGS.request_log:
            return
        path, _, query = self.path.partition("?")
        record = {"method": self.command, "path": path, "query": query,
                  "authorization": self.headers.get("Authorization") is not None}
        with LOG_LOCK, open(ARGS.request_log, "a") as f:
            f.write(json.dumps(record) + "\n")

    def send_body(self, status, headers, body):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if ARGS.trickle_bytes_per_second > 0:
            step = max(1, ARGS.trickle_bytes_per_second // 10)
            for i in range(0, len(body), step):
                self.wfile.write(body[i:i + step])
                self.wfile.flush()
                time.sleep(0.1)
        else:
            self.wfile.write(body)

    def handle_any(self):
        self.log_request_line()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if ARGS.redirect_to:
            self.send_body(301, [("Location", ARGS.redirect_to.rstrip("/") + self.path)], b"moved\n")
            return
        path, _, query = self.path.partition("?")
        if ARGS.lfs_store and path.startswith("/lfs/objects/") and ARGS.open_lfs_downloads:
            self.lfs_download(path)
            return
        if not authorized(self.headers.get("Authorization")):
            self.send_body(401, [("WWW-Authenticate", 'Basic realm="test"')], b"authentication required\n")
            return
        if ARGS.lfs_store and path.endswith("/info/lfs/objects/batch") and self.command == "POST":
            self.lfs_batch(body)
            return
        if ARGS.lfs_store and path.startswith("/lfs/objects/"):
            self.lfs_download(path)
            return
        env = {
            "PATH": "/usr/bin:/bin",
            "GIT_PROJECT_ROOT": ARGS.root,
            "GIT_HTTP_EXPORT_ALL": "1",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "HOME": ARGS.root,
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_USER": ARGS.user or "anonymous",
            "REMOTE_ADDR": self.client_address[0],
        }
        # Protocol v2 takes any object id in a want; a strict server speaks v0, which checks them.
        if ARGS.allow_unadvertised and self.headers.get("Git-Protocol"):
            env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
        if self.headers.get("Content-Encoding"):
            env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
        if ARGS.allow_unadvertised:
            env.update({"GIT_CONFIG_COUNT": "2",
                        "GIT_CONFIG_KEY_0": "uploadpack.allowReachableSHA1InWant", "GIT_CONFIG_VALUE_0": "true",
                        "GIT_CONFIG_KEY_1": "uploadpack.allowAnySHA1InWant", "GIT_CONFIG_VALUE_1": "true"})
        else:
            env.update({"GIT_CONFIG_COUNT": "2",
                        "GIT_CONFIG_KEY_0": "uploadpack.allowReachableSHA1InWant", "GIT_CONFIG_VALUE_0": "false",
                        "GIT_CONFIG_KEY_1": "uploadpack.allowAnySHA1InWant", "GIT_CONFIG_VALUE_1": "false"})
        out = subprocess.run([BACKEND], input=body, env=env, capture_output=True).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        if not _:
            head, _, payload = out.partition(b"\n\n")
        status = 200
        headers = []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name.strip(), value.strip()))
        self.send_body(status, headers, payload)

    def lfs_batch(self, body):
        request = json.loads(body or b"{}")
        base = ARGS.lfs_href_base or "http://127.0.0.1:%d" % self.server.server_address[1]
        objects = []
        for o in request.get("objects", []):
            oid = o.get("oid", "")
            stored = os.path.join(ARGS.lfs_store, oid)
            if len(oid) == 64 and os.path.isfile(stored):
                objects.append({"oid": oid, "size": os.path.getsize(stored), "authenticated": True,
                                "actions": {"download": {"href": base.rstrip("/") + "/lfs/objects/" + oid}}})
            else:
                objects.append({"oid": oid, "size": o.get("size", 0),
                                "error": {"code": 404, "message": "Object does not exist"}})
        answer = json.dumps({"transfer": "basic", "objects": objects, "hash_algo": "sha256"}).encode()
        self.send_body(200, [("Content-Type", "application/vnd.git-lfs+json")], answer)

    def lfs_download(self, path):
        oid = path.rsplit("/", 1)[-1]
        stored = os.path.join(ARGS.lfs_store, oid)
        if len(oid) != 64 or not os.path.isfile(stored):
            self.send_body(404, [], b"no such object\n")
            return
        with open(stored, "rb") as f:
            content = f.read()
        if ARGS.lfs_corrupt and content:
            content = bytes([content[0] ^ 0xff]) + content[1:]
        self.send_body(200, [("Content-Type", "application/octet-stream")], content)

    do_GET = handle_any
    do_POST = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    tmp = ARGS.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, ARGS.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
