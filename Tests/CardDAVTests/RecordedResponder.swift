import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tiny local server (Python's `http.server`, started by the test): either the recordings of
/// `Tests/Fixtures/dav-recordings` (Google's and Nextcloud's shapes, ``init(replaying:)``), or a
/// recorded iCloud-style discovery, a shape Radicale and Xandikos do not have: `/.well-known/carddav`
/// redirects to the root with an absolute URL, the root names the principal (with a 404
/// propstat beside it), the principal names an absolute home set URL, and the home set holds
/// the book, all in default-namespace XML with the calendar server's `getctag`. It also
/// answers a redirect to another origin (`/elsewhere/`), an oversized body (`/huge/`), and a
/// collection without `sync-collection` (`/nosync/`: every REPORT gets 403).
final class RecordedResponder {
    let url: URL
    private let process: Process

    /// What both scripts share: a handler base that answers quietly, and `serve`, which prints the
    /// port and ends with the test process (even one that dies without ending the responder).
    static let serving = #"""
        import http.server, os, sys, threading, time
        class Replying(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def reply(self, status, body=b"", headers={}):
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        def serve(handler):
            def watch(parent):
                while os.getppid() == parent:
                    time.sleep(0.5)
                os._exit(0)
            threading.Thread(target=watch, args=(os.getppid(),), daemon=True).start()
            server = http.server.HTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()

        """#

    static let script = #"""
        USER = "Basic YWRhOnNlY3JldA=="  # ada:secret
        def multistatus(*responses):
            return ('<?xml version="1.0" encoding="UTF-8"?>\n<multistatus xmlns="DAV:">' + "".join(responses) + "</multistatus>").encode()
        def response(href, ok, missing=""):
            body = "<response><href>%s</href><propstat><prop>%s</prop><status>HTTP/1.1 200 OK</status></propstat>" % (href, ok)
            if missing:
                body += "<propstat><prop>%s</prop><status>HTTP/1.1 404 Not Found</status></propstat>" % missing
            return body + "</response>"
        class Handler(Replying):
            def do_PROPFIND(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                origin = "http://127.0.0.1:%d" % self.server.server_address[1]
                if self.headers.get("Authorization") != USER:
                    return self.reply(401, b"unauthorized", {"WWW-Authenticate": 'Basic realm="recorded"'})
                if self.path == "/.well-known/carddav":
                    return self.reply(301, headers={"Location": origin + "/"})
                if self.path == "/elsewhere/":
                    return self.reply(301, headers={"Location": "http://localhost:%d/" % self.server.server_address[1]})
                if self.path == "/huge/":
                    return self.reply(207, b"<multistatus xmlns='DAV:'>" + b" " * (2 << 20) + b"</multistatus>")
                if self.path == "/":
                    body = multistatus(response("/", "<current-user-principal><href>/1234567/principal/</href></current-user-principal>",
                        '<addressbook-home-set xmlns="urn:ietf:params:xml:ns:carddav"/>'))
                elif self.path == "/1234567/principal/":
                    body = multistatus(response("/1234567/principal/",
                        '<addressbook-home-set xmlns="urn:ietf:params:xml:ns:carddav"><href xmlns="DAV:">%s/1234567/carddav/</href></addressbook-home-set>' % origin))
                elif self.path == "/nosync/":
                    body = multistatus(response("/nosync/", "<resourcetype><collection/></resourcetype>"),
                        response("/nosync/a.vcf", '<resourcetype/><getetag>"1"</getetag>'),
                        response("/nosync/b.vcf", '<resourcetype/><getetag>"2"</getetag>'))
                elif self.path == "/1234567/carddav/":
                    body = multistatus(
                        response("/1234567/carddav/", "<resourcetype><collection/></resourcetype>"),
                        response("/1234567/carddav/card/",
                            '<resourcetype><collection/><addressbook xmlns="urn:ietf:params:xml:ns:carddav"/></resourcetype>'
                            '<displayname>Contacts</displayname><getctag xmlns="http://calendarserver.org/ns/">HwoQEgwAAA</getctag>'))
                else:
                    return self.reply(404, b"not found")
                self.reply(207, body, {"Content-Type": "text/xml; charset=utf-8"})
            def do_REPORT(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.reply(403, b'<error xmlns="DAV:"><supported-report/></error>')
        serve(Handler)
        """#

    /// Replays a recording: a JSON object whose `exchanges` each give a request to match
    /// (`method`, `path`, and when present `depth`, `if_match`, `if_none_match`, or text the
    /// body must contain, `body_contains`) and the answer (`status`, `headers`, `body`; `{origin}`
    /// in them is the responder's own `http://127.0.0.1:PORT`). The first exchange that matches
    /// answers (one with `times` only that many times: a server that fails once, then recovers); a request none matches gets 404 and is printed to standard error. Every request
    /// needs the recording's `user` and `password` (HTTP Basic), else 401.
    static let replayScript = #"""
        import base64, json
        recording = json.load(open(sys.argv[1]))
        expected = "Basic " + base64.b64encode(("%s:%s" % (recording["user"], recording["password"])).encode()).decode()
        class Handler(Replying):
            def handle_any(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8", "replace")
                origin = "http://127.0.0.1:%d" % self.server.server_address[1]
                if self.headers.get("Authorization") != expected:
                    return self.reply(401, b"unauthorized", {"WWW-Authenticate": 'Basic realm="recorded"'})
                for exchange in recording["exchanges"]:
                    if exchange["method"] != self.command or exchange["path"] != self.path:
                        continue
                    if exchange.get("times", 1) <= 0:
                        continue
                    if "depth" in exchange and self.headers.get("Depth") != exchange["depth"]:
                        continue
                    if "if_match" in exchange and self.headers.get("If-Match") != exchange["if_match"]:
                        continue
                    if "if_none_match" in exchange and self.headers.get("If-None-Match") != exchange["if_none_match"]:
                        continue
                    if "body_contains" in exchange and exchange["body_contains"] not in body:
                        continue
                    if "times" in exchange:
                        exchange["times"] -= 1
                    headers = {name: value.replace("{origin}", origin) for name, value in exchange.get("headers", {}).items()}
                    return self.reply(exchange["status"], exchange.get("body", "").replace("{origin}", origin).encode(), headers)
                print("no exchange for", self.command, self.path, self.headers.get("Depth"), file=sys.stderr)
                self.reply(404, b"not recorded")
            do_PROPFIND = do_REPORT = do_PUT = do_DELETE = do_GET = handle_any
        serve(Handler)
        """#

    /// Starts the iCloud-style responder and waits for its port.
    convenience init() throws {
        try self.init(script: Self.serving + Self.script, arguments: [])
    }

    /// Starts the responder that replays the recorded exchanges of `recording` (a JSON file of
    /// `Tests/Fixtures/dav-recordings`; see ``replayScript``) and waits for its port.
    convenience init(replaying recording: String) throws {
        let path = Tool.fixtures.appendingPathComponent("dav-recordings").appendingPathComponent(recording).path
        try self.init(script: Self.serving + Self.replayScript, arguments: [path])
    }

    /// Starts `script` with Python and waits for the port it prints.
    private init(script: String, arguments: [String]) throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let portFile = dir.appendingPathComponent("port")
        guard FileManager.default.createFile(atPath: portFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: portFile.path])
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        process.standardOutput = try FileHandle(forWritingTo: portFile)
        // Not the test's own standard error: swift test waits until every writer of it is gone.
        process.standardError = FileHandle.nullDevice
        try process.run()
        var port: Int?
        for _ in 0..<200 where port == nil {
            port = Int((try? String(contentsOf: portFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            if port == nil { usleep(25_000) }
        }
        guard let port, let url = URL(string: "http://127.0.0.1:\(port)/") else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown)
        }
        self.url = url
    }

    /// Ends the responder with SIGKILL (it inherits the test's blocked SIGTERM); Foundation reaps
    /// it. Not waited for: `waitUntilExit()` on Linux can spin when several tests wait at once.
    deinit { kill(process.processIdentifier, SIGKILL) }
}
