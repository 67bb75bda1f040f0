// HttpResponseParser over byte strings: what it accepts, what it refuses and why, and that the
// same bytes give the same answer however the network cuts them.
#include <runnercore/transport/HttpResponseParser.h>

#include <QTest>

using namespace runnercore;

using Error = HttpResponseParser::Error;
using State = HttpResponseParser::State;

namespace {

struct Result
{
    State state = State::Incomplete;
    Error error = Error::None;
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool keepAlive = false;
    qsizetype used = 0; // compared only for complete responses

    bool operator==(const Result &o) const
    {
        return state == o.state && error == o.error && status == o.status && headers == o.headers && body == o.body
            && keepAlive == o.keepAlive && (state != State::Complete || used == o.used);
    }
};

// Found by QCOMPARE through argument-dependent lookup.
char *toString(const Result &r)
{
    return qstrdup(QByteArray("state " + QByteArray::number(int(r.state)) + " error " + QByteArray::number(int(r.error))
        + " status " + QByteArray::number(r.status) + " body " + r.body.left(40).toPercentEncoding() + " keepAlive "
        + QByteArray::number(r.keepAlive) + " used " + QByteArray::number(r.used))
                       .constData());
}

// Feeds the bytes cut at the given offsets, then ends the connection if asked.
Result parse(const QByteArray &bytes, const QList<qsizetype> &cuts, bool close, bool head = false)
{
    HttpResponseParser parser(head);
    Result r;
    qsizetype from = 0;
    QList<qsizetype> ends = cuts;
    ends.append(bytes.size());
    for (qsizetype end : std::as_const(ends)) {
        if (parser.state() != State::Incomplete)
            break;
        r.used += parser.feed(QByteArrayView(bytes).sliced(from, end - from));
        from = end;
    }
    if (close)
        parser.finish();
    r.state = parser.state();
    r.error = parser.error();
    r.status = parser.status();
    r.headers = parser.headers();
    r.body = parser.body();
    r.keepAlive = parser.keepAlive();
    return r;
}

const QByteArray Json = R"({"ok":true})";

} // namespace

class TestHttpResponseParser : public QObject
{
    Q_OBJECT

private slots:
    void responses_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("close"); // the connection ends after the bytes
        QTest::addColumn<int>("state");
        QTest::addColumn<int>("error");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("keepAlive");
        const int complete = int(State::Complete);
        const int failed = int(State::Failed);
        const int incomplete = int(State::Incomplete);
        const auto ok = [&](const char *tag, const QByteArray &bytes, const QByteArray &body, bool keepAlive = true,
                            bool close = false) {
            QTest::newRow(tag) << bytes << close << complete << int(Error::None) << body << keepAlive;
        };
        const auto refused = [&](const char *tag, const QByteArray &bytes, Error error, bool close = false) {
            QTest::newRow(tag) << bytes << close << failed << int(error) << QByteArray() << false;
        };

        // Accepted framings.
        ok("content-length", "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n" + Json, Json);
        ok("content-length 0", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", {});
        ok("leading zeros", "HTTP/1.1 200 OK\r\nContent-Length: 0011\r\n\r\n" + Json, Json);
        ok("chunked, extensions and trailer",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\n{\"ok\"\r\n6 ; a=\"b\"\r\n:true}\r\n"
            "0\r\nX-Trailer: 1\r\n\r\n",
            Json);
        ok("chunked in capitals, hex in both cases",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding:  CHUNKED \r\n\r\nB\r\n" + Json + "\r\n0\r\n\r\n", Json);
        ok("until close", "HTTP/1.1 200 OK\r\n\r\n" + Json, Json, false, true);
        QTest::newRow("until close, still open")
            << QByteArray("HTTP/1.1 200 OK\r\n\r\n" + Json) << false << incomplete << int(Error::None) << Json << false;
        ok("HTTP/1.0 without keep-alive", "HTTP/1.0 200 OK\r\nContent-Length: 11\r\n\r\n" + Json, Json, false);
        ok("HTTP/1.0 with keep-alive", "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 11\r\n\r\n" + Json,
            Json, true);
        ok("Connection: close", "HTTP/1.1 200 OK\r\nConnection: upgrade, close\r\nContent-Length: 11\r\n\r\n" + Json,
            Json, false);
        ok("204", "HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n", {});
        ok("304 with a length", "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n", {});
        ok("100 Continue first", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n" + Json,
            Json);
        ok("bare LF line ends", "HTTP/1.1 200 OK\nContent-Length: 11\n\n" + Json, Json);
        ok("no reason phrase", "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", {});
        ok("reason with a tab and obs-text", "HTTP/1.1 200 O\tK \xe9\r\nContent-Length: 0\r\n\r\n", {});
        ok("empty header value", "HTTP/1.1 200 OK\r\nX-Empty:\r\nContent-Length: 0\r\n\r\n", {});

        // The status line.
        refused("not HTTP", "SSH-2.0-OpenSSH_9.2\r\n", Error::NotHttp);
        refused("HTTP/2", "HTTP/2 200 OK\r\n", Error::NotHttp);
        refused("HTTP/1.2", "HTTP/1.2 200 OK\r\n", Error::NotHttp);
        refused("two-digit status", "HTTP/1.1 20 OK\r\n", Error::NotHttp);
        refused("no space after the status", "HTTP/1.1 200OK\r\n", Error::NotHttp);
        refused("status 600", "HTTP/1.1 600 X\r\n", Error::NotHttp);
        refused("status 099", "HTTP/1.1 099 X\r\n", Error::NotHttp);
        refused("control character in the reason", "HTTP/1.1 200 O\x01K\r\n", Error::NotHttp);
        refused("empty line first", "\r\nHTTP/1.1 200 OK\r\n", Error::NotHttp);
        refused("101", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n", Error::UnaskedProtocolSwitch);

        // Header lines.
        refused("no colon", "HTTP/1.1 200 OK\r\nnonsense\r\n\r\n", Error::MalformedHeader);
        refused("empty name", "HTTP/1.1 200 OK\r\n: x\r\n\r\n", Error::MalformedHeader);
        refused("space before the colon", "HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\nhello", Error::MalformedHeader);
        refused("folded line", "HTTP/1.1 200 OK\r\nX: a\r\n b\r\n\r\n", Error::MalformedHeader);
        refused("NUL in a value", QByteArray("HTTP/1.1 200 OK\r\nX: a\0b\r\n\r\n", 27), Error::MalformedHeader);
        refused("stray CR", "HTTP/1.1 200 OK\r\nX: a\rContent-Length: 0\r\n\r\n", Error::StrayCarriageReturn);
        refused("CR CR LF", "HTTP/1.1 200 OK\r\r\n", Error::StrayCarriageReturn);
        refused("endless header", "HTTP/1.1 200 OK\r\nX: " + QByteArray(70 * 1024, 'a'), Error::HeaderTooLarge);
        QByteArray many = "HTTP/1.1 200 OK\r\n";
        for (int n = 0; n < 201; ++n)
            many += "X: 1\r\n";
        refused("201 fields", many, Error::TooManyHeaderFields);
        QByteArray interim;
        for (int n = 0; n < 5000; ++n)
            interim += "HTTP/1.1 100 Continue\r\n\r\n";
        refused("endless interim answers", interim, Error::HeaderTooLarge);

        // Content-Length.
        refused("signed length", "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n", Error::InvalidContentLength);
        refused("plus sign", "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello", Error::InvalidContentLength);
        refused("hex length", "HTTP/1.1 200 OK\r\nContent-Length: 0x5\r\n\r\nhello", Error::InvalidContentLength);
        refused("empty length", "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n", Error::InvalidContentLength);
        refused("space inside", "HTTP/1.1 200 OK\r\nContent-Length: 1 1\r\n\r\n", Error::InvalidContentLength);
        refused(
            "19 digits", "HTTP/1.1 200 OK\r\nContent-Length: 9999999999999999999\r\n\r\n", Error::InvalidContentLength);
        refused("trailing comma", "HTTP/1.1 200 OK\r\nContent-Length: 5,\r\n\r\nhello", Error::InvalidContentLength);
        refused("twice, same value", "HTTP/1.1 200 OK\r\nContent-Length: 11\r\nContent-Length: 11\r\n\r\n" + Json,
            Error::RepeatedContentLength);
        refused("list, same value", "HTTP/1.1 200 OK\r\nContent-Length: 11, 11\r\n\r\n" + Json,
            Error::RepeatedContentLength);
        refused("twice, other value", "HTTP/1.1 200 OK\r\nContent-Length: 11\r\ncontent-length: 2\r\n\r\n" + Json,
            Error::ConflictingContentLength);
        refused("list, other value", "HTTP/1.1 200 OK\r\nContent-Length: 2,11\r\n\r\n" + Json,
            Error::ConflictingContentLength);
        refused("9 MiB announced", "HTTP/1.1 200 OK\r\nContent-Length: 9437184\r\n\r\n", Error::BodyTooLarge);
        refused("repeated on a 204", "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
            Error::RepeatedContentLength);

        // Transfer-Encoding.
        refused("chunked with a length",
            "HTTP/1.1 200 OK\r\nContent-Length: 11\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n" + Json + "\r\n0\r\n\r\n",
            Error::TransferEncodingWithContentLength);
        refused("a length with chunked",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 11\r\n\r\n" + Json,
            Error::TransferEncodingWithContentLength);
        refused(
            "gzip", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n" + Json, Error::UnsupportedTransferEncoding);
        refused("gzip, chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            Error::UnsupportedTransferEncoding);
        refused("chunked twice",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            Error::UnsupportedTransferEncoding);
        refused("xchunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
            Error::UnsupportedTransferEncoding);
        refused("chunked with a parameter", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked;q=1\r\n\r\n0\r\n\r\n",
            Error::UnsupportedTransferEncoding);

        // Chunks.
        const QByteArray chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        refused("chunk size not hex", chunked + "zz\r\n{}\r\n0\r\n\r\n", Error::MalformedChunkSize);
        refused("empty chunk size", chunked + "\r\n", Error::MalformedChunkSize);
        refused("space before the size", chunked + " 5\r\nhello\r\n0\r\n\r\n", Error::MalformedChunkSize);
        refused("0x prefix", chunked + "0x5\r\nhello\r\n0\r\n\r\n", Error::MalformedChunkSize);
        refused("signed size", chunked + "-5\r\nhello\r\n0\r\n\r\n", Error::MalformedChunkSize);
        refused("junk after the size", chunked + "5 x\r\nhello\r\n0\r\n\r\n", Error::MalformedChunkSize);
        refused("16 hex digits", chunked + "ffffffffffffffff\r\n", Error::MalformedChunkSize);
        refused("endless extension", chunked + "5;" + QByteArray(2000, 'x'), Error::MalformedChunkSize);
        refused("9 MiB chunk", chunked + "900000\r\n", Error::BodyTooLarge);
        refused("chunk longer than its size", chunked + "2\r\n{}}\r\n0\r\n\r\n", Error::MalformedChunkEnd);
        refused("chunk without its line end", chunked + "2\r\n{}0\r\n\r\n", Error::MalformedChunkEnd);
        QByteArray flood = chunked;
        for (int n = 0; n < 100; ++n)
            flood += "1;" + QByteArray(1000, 'e') + "\r\nx\r\n";
        refused("extensions without data", flood, Error::ChunkFramingTooLarge);
        refused("trailer without a colon", chunked + "0\r\nnonsense\r\n\r\n", Error::MalformedHeader);

        // The connection ends early.
        refused("cut in the body", "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{\"ok\"", Error::Truncated, true);
        refused("cut in the header", "HTTP/1.1 200 OK\r\nContent-Le", Error::Truncated, true);
        refused("cut before the last chunk", chunked + "b\r\n" + Json + "\r\n", Error::Truncated, true);
        refused("nothing at all", "", Error::Truncated, true);
    }

    void responses()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, close);
        QFETCH(int, state);
        QFETCH(int, error);
        QFETCH(QByteArray, body);
        QFETCH(bool, keepAlive);

        const Result whole = parse(bytes, {}, close);
        QCOMPARE(int(whole.state), state);
        QCOMPARE(int(whole.error), error);
        QCOMPARE(whole.keepAlive, keepAlive);
        if (whole.state != State::Failed)
            QCOMPARE(whole.body, body);

        // The same answer however the bytes arrive: in two pieces cut anywhere, or one at a time.
        const qsizetype step = bytes.size() > 8192 ? bytes.size() / 512 : 1;
        for (qsizetype cut = 1; cut < bytes.size(); cut += step)
            QCOMPARE(parse(bytes, { cut }, close), whole);
        if (bytes.size() <= 8192) {
            QList<qsizetype> everyByte;
            for (qsizetype i = 1; i < bytes.size(); ++i)
                everyByte.append(i);
            QCOMPARE(parse(bytes, everyByte, close), whole);
        }
    }

    void errorsSayWhatTheServerDid()
    {
        HttpResponseParser parser;
        parser.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
        QCOMPARE(parser.errorString(),
            QStringLiteral("the server used the transfer coding \"gzip, chunked\"; only \"chunked\" is accepted"));
        HttpResponseParser both;
        both.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n");
        QCOMPARE(both.errorString(), QStringLiteral("the server sent both Transfer-Encoding and Content-Length"));
        HttpResponseParser header;
        header.feed("HTTP/1.1 200 OK\r\nX: " + QByteArray(70 * 1024, 'a'));
        QCOMPARE(header.errorString(), QStringLiteral("the response's header is larger than 64 KiB"));
    }

    void whatFollowsTheResponseIsNotPartOfIt()
    {
        // Bytes after a complete answer are the server's, unasked: they are left for the caller to
        // see (it then closes the connection instead of reusing it).
        const QByteArray first = "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n" + Json;
        HttpResponseParser parser;
        QCOMPARE(parser.feed(first + "HTTP/1.1 200 OK\r\n"), first.size());
        QCOMPARE(parser.state(), State::Complete);
        QVERIFY(parser.keepAlive());
        QCOMPARE(parser.feed("more"), 0);
        QCOMPARE(parser.body(), Json);
    }

    void headRequestsHaveNoBody()
    {
        HttpResponseParser parser(true);
        parser.feed("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n");
        QCOMPARE(parser.state(), State::Complete);
        QVERIFY(parser.body().isEmpty());
    }

    void headersAreReadAsSent()
    {
        HttpResponseParser parser;
        parser.feed("HTTP/1.1 307 Temporary Redirect\r\nLocation:  /v1/x?a=b \r\nX-Multi: a\r\nx-multi: b\r\n"
                    "Content-Length: 0\r\n\r\n");
        QCOMPARE(parser.state(), State::Complete);
        QCOMPARE(parser.status(), 307);
        QCOMPARE(parser.header("LOCATION"), QByteArray("/v1/x?a=b"));
        QCOMPARE(parser.header("x-multi"), QByteArray("a"));
        QCOMPARE(parser.headers().size(), 4);
        QCOMPARE(parser.headers().at(2).first, QByteArray("x-multi"));
    }

    void limitsAreTheCallersToChoose()
    {
        HttpResponseParser::Limits limits;
        limits.maxBodyBytes = 10;
        HttpResponseParser lengthParser(limits, false);
        lengthParser.feed("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n");
        QCOMPARE(lengthParser.error(), Error::BodyTooLarge);
        HttpResponseParser untilClose(limits, false);
        untilClose.feed("HTTP/1.1 200 OK\r\n\r\n0123456789");
        QCOMPARE(untilClose.state(), State::Incomplete);
        untilClose.feed("x");
        QCOMPARE(untilClose.error(), Error::BodyTooLarge);
        HttpResponseParser chunks(limits, false);
        chunks.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n012345\r\n5\r\n");
        QCOMPARE(chunks.error(), Error::BodyTooLarge);
    }
};

QTEST_GUILESS_MAIN(TestHttpResponseParser)
#include "tst_httpresponseparser.moc"
