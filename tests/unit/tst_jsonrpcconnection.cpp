// Newline-delimited JSON-RPC 2.0 (ACP's stdio transport): framing across arbitrary reads, message
// classification, response routing, junk that is reported and survived, and the line length limit.
#include <runnercore/harness/JsonRpcConnection.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

#include <memory>

using namespace runnercore;

namespace {
QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// QJsonDocument holds no scalars: wrapped in an array, "[1]" or "[\"abc\"]".
QString json(const QJsonValue &v)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray { v }).toJson(QJsonDocument::Compact));
}

QByteArray line(const char *text)
{
    return QByteArray(text) + '\n';
}

QJsonObject parseObject(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    return error.error == QJsonParseError::NoError && doc.isObject() ? doc.object() : QJsonObject();
}

// A valid notification of exactly `size` bytes (without the line ending).
QByteArray paddedNotification(qsizetype size)
{
    const QByteArray head = R"({"jsonrpc":"2.0","method":"pad","params":{"p":")";
    const QByteArray tail = R"("}})";
    return head + QByteArray(size - head.size() - tail.size(), 'x') + tail;
}

// Everything one connection reported, in order, one comparable string per signal or handler call.
struct Recorder
{
    struct Invalid
    {
        qint64 size;
        QString why;
        QString preview;
    };

    QList<QByteArray> written;
    QStringList events;
    QList<Invalid> invalid;
    QList<qint64> tooLong;
    int messages = 0;
    QHash<qint64, int> handlerCalls;
    JsonRpcConnection conn;

    Recorder() : conn([this](const QByteArray &bytes) { written.append(bytes); })
    {
        QObject::connect(&conn, &JsonRpcConnection::requestReceived,
            [this](const QJsonValue &id, const QString &method, const QJsonObject &params) {
                events.append(QStringLiteral("request %1 %2 %3").arg(json(id), method, json(params)));
            });
        QObject::connect(
            &conn, &JsonRpcConnection::notificationReceived, [this](const QString &method, const QJsonObject &params) {
                events.append(QStringLiteral("notification %1 %2").arg(method, json(params)));
            });
        QObject::connect(&conn, &JsonRpcConnection::messageReceived, [this] { ++messages; });
        QObject::connect(
            &conn, &JsonRpcConnection::invalidLine, [this](qint64 size, const QString &why, const QString &preview) {
                events.append(QStringLiteral("invalid"));
                invalid.append({ size, why, preview });
            });
        QObject::connect(&conn, &JsonRpcConnection::lineTooLong, [this](qint64 size) {
            events.append(QStringLiteral("tooLong"));
            tooLong.append(size);
        });
    }

    qint64 request(const QString &method, const QJsonObject &params = {})
    {
        auto id = std::make_shared<qint64>(0);
        *id = conn.sendRequest(
            method, params, [this, id](const QJsonValue &result, const std::optional<JsonRpcError> &error) {
                ++handlerCalls[*id];
                if (error)
                    events.append(QStringLiteral("error %1 %2 %3").arg(*id).arg(error->code).arg(error->message));
                else
                    events.append(QStringLiteral("response %1 %2").arg(*id).arg(json(result)));
            });
        return *id;
    }

    void feedChunked(const QByteArray &data, qsizetype chunk)
    {
        if (chunk <= 0) {
            conn.feed(data);
            return;
        }
        for (qsizetype i = 0; i < data.size(); i += chunk)
            conn.feed(data.mid(i, chunk));
    }
};

// Several kinds of message, multi-byte UTF-8 to be cut mid-character, a CRLF line and blank lines.
const QByteArray stream
    = line(R"({"jsonrpc":"2.0","id":1,"method":"fs/read_text_file","params":{"path":"/w/ä €😀.txt"}})")
    + line(R"({"jsonrpc":"2.0","method":"session/update","params":{"text":"a\nb ünï 😀"}})") + "\n" + "  \t\n"
    + R"({"jsonrpc":"2.0","id":"abc","method":"session/request_permission","params":{}})" + "\r\n"
    + line(R"({"jsonrpc":"2.0","id":0,"method":"noParams"})") + "\r\n"
    + line(R"({"jsonrpc":"2.0","method":"last","params":{"n":[1,2,3]}})");

const QStringList streamEvents {
    QStringLiteral(R"(request [1] fs/read_text_file {"path":"/w/ä €😀.txt"})"),
    QStringLiteral(R"(notification session/update {"text":"a\nb ünï 😀"})"),
    QStringLiteral(R"(request ["abc"] session/request_permission {})"),
    QStringLiteral(R"(request [0] noParams {})"),
    QStringLiteral(R"(notification last {"n":[1,2,3]})"),
};

// Random bytes biased towards the characters that matter to a JSON-RPC line reader.
QByteArray randomBytes(QRandomGenerator &rng, int maxSize)
{
    static const QByteArray alphabet = QByteArrayLiteral("\n\n\r{}[]\":,\\ 0123456789-+.eEtrufalsn jsonrpcidmethod");
    QByteArray out;
    const int size = int(rng.bounded(maxSize + 1));
    for (int i = 0; i < size; ++i)
        out.append(rng.bounded(4) == 0 ? char(rng.bounded(256)) : alphabet.at(rng.bounded(alphabet.size())));
    return out;
}

QByteArray mutate(QRandomGenerator &rng, QByteArray message)
{
    static const QList<QByteArray> tokens { "1e300", "-1", "1.5", "null", "[]", "{}", "\"method\"", "\"id\"",
        "\"result\"", "\"error\"", "\"params\"", "\\u0000", "\\ud800", "\n", "\r\n", "\xff", "\xf0\x9f", "{\"a\":" };
    const int edits = 1 + int(rng.bounded(4));
    for (int e = 0; e < edits && !message.isEmpty(); ++e) {
        const qsizetype at = rng.bounded(message.size());
        switch (rng.bounded(6)) {
        case 0:
            message[at] = char(rng.bounded(256));
            break;
        case 1:
            message.remove(at, 1 + rng.bounded(8));
            break;
        case 2:
            message.insert(at, tokens.at(rng.bounded(tokens.size())));
            break;
        case 3:
            message.insert(at, message.mid(at, rng.bounded(20)));
            break;
        case 4:
            message.truncate(at);
            break;
        default:
            message[at] = '\n';
            break;
        }
    }
    return message;
}
} // namespace

class TestJsonRpcConnection : public QObject
{
    Q_OBJECT
private slots:
    void messagesSurviveAnyChunking_data()
    {
        QTest::addColumn<qsizetype>("chunk");
        QTest::newRow("one feed") << qsizetype(0);
        QTest::newRow("byte by byte") << qsizetype(1);
        QTest::newRow("2 bytes") << qsizetype(2);
        QTest::newRow("3 bytes") << qsizetype(3);
        QTest::newRow("7 bytes") << qsizetype(7);
        QTest::newRow("64 bytes") << qsizetype(64);
    }

    void messagesSurviveAnyChunking()
    {
        QFETCH(qsizetype, chunk);
        Recorder r;
        r.feedChunked(stream, chunk);
        QCOMPARE(r.events, streamEvents);
        QCOMPARE(r.messages, streamEvents.size());
        QVERIFY(r.written.isEmpty());
        r.conn.finish();
        QCOMPARE(r.events, streamEvents);
    }

    void messagesSurviveEveryTwoWaySplit()
    {
        for (qsizetype at = 0; at <= stream.size(); ++at) {
            Recorder r;
            r.conn.feed(stream.left(at));
            r.conn.feed(stream.mid(at));
            QVERIFY2(r.events == streamEvents, qPrintable(QStringLiteral("split at %1").arg(at)));
        }
    }

    void messagesSurviveRandomChunking()
    {
        QRandomGenerator rng(20261130);
        QByteArray many;
        for (int i = 0; i < 20; ++i)
            many += stream;
        for (int round = 0; round < 50; ++round) {
            Recorder r;
            for (qsizetype i = 0; i < many.size();) {
                const qsizetype n = 1 + rng.bounded(300);
                r.conn.feed(many.mid(i, n));
                i += n;
            }
            QCOMPARE(r.events.size(), streamEvents.size() * 20);
            for (int i = 0; i < r.events.size(); ++i)
                QCOMPARE(r.events.at(i), streamEvents.at(i % streamEvents.size()));
        }
    }

    void manyMessagesInOneFeedKeepTheirOrder()
    {
        QByteArray data;
        for (int i = 0; i < 5000; ++i)
            data += QStringLiteral(R"({"jsonrpc":"2.0","method":"n","params":{"i":%1}})").arg(i).toUtf8() + '\n';
        Recorder r;
        r.conn.feed(data);
        QCOMPARE(r.events.size(), 5000);
        for (int i = 0; i < 5000; ++i)
            QCOMPARE(r.events.at(i), QStringLiteral(R"(notification n {"i":%1})").arg(i));
    }

    void crlfLineEndings()
    {
        Recorder r;
        // The CR belongs to the line ending, not to the JSON, even when it arrives apart from the LF.
        r.conn.feed(R"({"jsonrpc":"2.0","method":"a","params":{"s":"x"}})"
                    "\r\n");
        r.conn.feed(R"({"jsonrpc":"2.0","method":"b","params":{"s":"y"}})"
                    "\r");
        r.conn.feed("\n\r\n");
        QCOMPARE(r.events,
            QStringList(
                { QStringLiteral(R"(notification a {"s":"x"})"), QStringLiteral(R"(notification b {"s":"y"})") }));
        QVERIFY(r.invalid.isEmpty());
    }

    void blankLinesAreSkippedSilently()
    {
        Recorder r;
        r.conn.feed("\n\r\n   \n\t\t\n \t \r\n\n");
        r.conn.finish();
        QVERIFY(r.events.isEmpty());
        QCOMPARE(r.messages, 0);
        QVERIFY(r.written.isEmpty());
        r.conn.feed(line(R"({"jsonrpc":"2.0","method":"after"})"));
        QCOMPARE(r.events, QStringList { QStringLiteral("notification after {}") });
    }

    void invalidLinesAreReportedAndSurvived_data()
    {
        QTest::addColumn<QByteArray>("bad");
        QTest::addColumn<QString>("whyContains");
        QTest::addColumn<int>("replyCode"); // 0: nothing may be written back

        QTest::newRow("prose") << QByteArray("Starting agent v1.2 ...") << "not JSON" << 0;
        QTest::newRow("truncated object") << QByteArray(R"({"jsonrpc":"2.0","method":)") << "not JSON" << 0;
        QTest::newRow("trailing garbage") << QByteArray(R"({"jsonrpc":"2.0","method":"x"} x)") << "not JSON" << 0;
        QTest::newRow("NUL byte") << QByteArray("{\"a\":\0}", 7) << "not JSON" << 0;
        QTest::newRow("bad UTF-8") << QByteArray("{\"method\":\"\xff\xfe\"}") << "not JSON" << 0;
        QTest::newRow("batch") << QByteArray(R"([{"jsonrpc":"2.0","id":1,"method":"a"}])") << "array" << 0;
        QTest::newRow("empty array") << QByteArray("[]") << "array" << 0;
        QTest::newRow("string") << QByteArray(R"("hello")") << "" << 0;
        QTest::newRow("number") << QByteArray("42") << "" << 0;
        QTest::newRow("null") << QByteArray("null") << "" << 0;
        QTest::newRow("method number") << QByteArray(R"({"jsonrpc":"2.0","method":5})") << "method" << 0;
        QTest::newRow("method object") << QByteArray(R"({"jsonrpc":"2.0","method":{}})") << "method" << 0;
        // A request with a broken method still deserves an answer: the peer may be waiting for it.
        QTest::newRow("method number, id")
            << QByteArray(R"({"jsonrpc":"2.0","id":7,"method":5})") << "method" << JsonRpcError::InvalidRequest;
        QTest::newRow("method empty, id")
            << QByteArray(R"({"jsonrpc":"2.0","id":7,"method":""})") << "method" << JsonRpcError::InvalidRequest;
        QTest::newRow("method null, id") << QByteArray(R"({"jsonrpc":"2.0","id":7,"method":null})") << "method"
                                         << JsonRpcError::InvalidRequest;
    }

    void invalidLinesAreReportedAndSurvived()
    {
        QFETCH(QByteArray, bad);
        QFETCH(QString, whyContains);
        QFETCH(int, replyCode);
        Recorder r;
        r.conn.feed(bad + "\r\n" + line(R"({"jsonrpc":"2.0","method":"next"})"));
        QCOMPARE(r.events, QStringList({ QStringLiteral("invalid"), QStringLiteral("notification next {}") }));
        const Recorder::Invalid &invalid = r.invalid.first();
        QCOMPARE(invalid.size, bad.size());
        QVERIFY(!invalid.why.isEmpty());
        QVERIFY2(invalid.why.contains(whyContains), qPrintable(invalid.why));
        QCOMPARE(invalid.preview, QString::fromUtf8(bad));
        QCOMPARE(r.messages, 1); // junk is no "ACP message"
        QVERIFY(!r.conn.isBroken());
        if (replyCode == 0) {
            QVERIFY(r.written.isEmpty());
        } else {
            QCOMPARE(r.written.size(), 1);
            const QJsonObject reply = parseObject(r.written.first());
            QCOMPARE(reply.value(QStringLiteral("id")), QJsonValue(7));
            QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), replyCode);
        }
    }

    void invalidLinePreviewIsShort()
    {
        Recorder r;
        const QByteArray bad = "#" + QByteArray(5000, 'y');
        r.conn.feed(bad + '\n');
        QCOMPARE(r.invalid.size(), 1);
        QCOMPARE(r.invalid.first().size, 5001);
        QCOMPARE(r.invalid.first().preview.size(), 200);
        QVERIFY(QString::fromUtf8(bad).startsWith(r.invalid.first().preview));
    }

    void paramsMustBeAnObject_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QString>("event"); // empty: none
        QTest::addColumn<bool>("errorReply");

        QTest::newRow("request, array") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m","params":[1,2]})")
                                        << QString() << true;
        QTest::newRow("request, string") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m","params":"p"})")
                                         << QString() << true;
        QTest::newRow("request, number") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m","params":3})")
                                         << QString() << true;
        QTest::newRow("request, bool") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m","params":true})")
                                       << QString() << true;
        QTest::newRow("request, null params") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m","params":null})")
                                              << QStringLiteral("request [9] m {}") << false;
        QTest::newRow("request, no params")
            << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"m"})") << QStringLiteral("request [9] m {}") << false;
        // A notification is never answered, not even with an error.
        QTest::newRow("notification, array")
            << QByteArray(R"({"jsonrpc":"2.0","method":"m","params":[1]})") << QString() << false;
    }

    void paramsMustBeAnObject()
    {
        QFETCH(QByteArray, message);
        QFETCH(QString, event);
        QFETCH(bool, errorReply);
        Recorder r;
        r.conn.feed(message + '\n' + line(R"({"jsonrpc":"2.0","id":10,"method":"next","params":{}})"));
        QStringList expected;
        if (!event.isEmpty())
            expected.append(event);
        expected.append(QStringLiteral("request [10] next {}"));
        QCOMPARE(r.events, expected);
        QCOMPARE(r.written.size(), errorReply ? 1 : 0);
        if (errorReply) {
            const QJsonObject reply = parseObject(r.written.first());
            QCOMPARE(reply.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
            QCOMPARE(reply.value(QStringLiteral("id")), QJsonValue(9));
            const QJsonObject error = reply.value(QStringLiteral("error")).toObject();
            QCOMPARE(error.value(QStringLiteral("code")).toInt(), JsonRpcError::InvalidParams);
            QVERIFY(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("params")));
            QVERIFY(!reply.contains(QStringLiteral("result")));
        }
    }

    void classification_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QString>("event");

        QTest::newRow("method + number id") << QByteArray(R"({"jsonrpc":"2.0","id":5,"method":"m","params":{"a":1}})")
                                            << QStringLiteral(R"(request [5] m {"a":1})");
        QTest::newRow("method + string id")
            << QByteArray(R"({"jsonrpc":"2.0","id":"x-1","method":"m"})") << QStringLiteral(R"(request ["x-1"] m {})");
        QTest::newRow("method + id 0") << QByteArray(R"({"jsonrpc":"2.0","id":0,"method":"m"})")
                                       << QStringLiteral("request [0] m {}");
        QTest::newRow("method + null id")
            << QByteArray(R"({"jsonrpc":"2.0","id":null,"method":"m"})") << QStringLiteral("request [null] m {}");
        // The peer's ids are its own: its request 1 is not the answer to our request 1.
        QTest::newRow("method + id of our pending request")
            << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"m","result":{}})") << QStringLiteral("request [1] m {}");
        QTest::newRow("method, no id") << QByteArray(R"({"jsonrpc":"2.0","method":"m","params":{"a":1}})")
                                       << QStringLiteral(R"(notification m {"a":1})");
        QTest::newRow("no method: response") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":{"ok":true}})")
                                             << QStringLiteral(R"(response 1 [{"ok":true}])");
        QTest::newRow("no method: error response")
            << QByteArray(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"busy"}})")
            << QStringLiteral("error 1 -32000 busy");
    }

    void classification()
    {
        QFETCH(QByteArray, message);
        QFETCH(QString, event);
        Recorder r;
        QCOMPARE(r.request(QStringLiteral("ours")), 1);
        r.written.clear();
        r.conn.feed(message + '\n');
        QCOMPARE(r.events, QStringList { event });
        QCOMPARE(r.messages, 1);
        const bool response = event.startsWith(QLatin1String("response")) || event.startsWith(QLatin1String("error"));
        QCOMPARE(r.conn.pendingRequests(), response ? 0 : 1);
        QVERIFY(r.written.isEmpty());
    }

    void responsesFindTheirRequestOutOfOrder()
    {
        Recorder r;
        const qint64 a = r.request(QStringLiteral("a"));
        const qint64 b = r.request(QStringLiteral("b"));
        const qint64 c = r.request(QStringLiteral("c"));
        QCOMPARE(QSet<qint64>({ a, b, c }).size(), 3);
        QCOMPARE(r.conn.pendingRequests(), 3);
        // The ids written are the ids returned.
        QCOMPARE(r.written.size(), 3);
        QCOMPARE(parseObject(r.written.at(0)).value(QStringLiteral("id")).toInteger(), a);
        QCOMPARE(parseObject(r.written.at(2)).value(QStringLiteral("id")).toInteger(), c);

        r.conn.feed(QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":{"n":"c"}})").arg(c).toUtf8() + '\n'
            + QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"error":{"code":-32001,"message":"nope","data":{"x":1}}})")
                  .arg(a)
                  .toUtf8()
            + "\r\n");
        QCOMPARE(r.conn.pendingRequests(), 1);
        r.conn.feed(QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":null})").arg(b).toUtf8() + '\n');
        QCOMPARE(r.events,
            QStringList({ QStringLiteral(R"(response %1 [{"n":"c"}])").arg(c),
                QStringLiteral("error %1 -32001 nope").arg(a), QStringLiteral("response %1 [null]").arg(b) }));
        QCOMPARE(r.handlerCalls, (QHash<qint64, int> { { a, 1 }, { b, 1 }, { c, 1 } }));
        QCOMPARE(r.conn.pendingRequests(), 0);
    }

    void errorResponses_data()
    {
        QTest::addColumn<QByteArray>("error");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message"); // empty: any non-empty message
        QTest::addColumn<QJsonValue>("data");

        QTest::newRow("full") << QByteArray(R"({"code":-32602,"message":"bad path","data":["p"]})")
                              << JsonRpcError::InvalidParams << QStringLiteral("bad path")
                              << QJsonValue(QJsonArray { QStringLiteral("p") });
        QTest::newRow("no data") << QByteArray(R"({"code":1,"message":"m"})") << 1 << QStringLiteral("m")
                                 << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("no message") << QByteArray(R"({"code":-32000})") << -32000 << QString()
                                    << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("no code") << QByteArray(R"({"message":"m"})") << JsonRpcError::InternalError
                                 << QStringLiteral("m") << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("not an object") << QByteArray(R"("boom")") << JsonRpcError::InternalError << QString()
                                       << QJsonValue(QJsonValue::Undefined);
    }

    void errorResponses()
    {
        QFETCH(QByteArray, error);
        QFETCH(int, code);
        QFETCH(QString, message);
        QFETCH(QJsonValue, data);
        struct
        {
            int calls = 0;
            QJsonValue result;
            std::optional<JsonRpcError> error;
        } capture;
        JsonRpcConnection conn([](const QByteArray &) {});
        conn.sendRequest(QStringLiteral("m"), {}, [&](const QJsonValue &result, const std::optional<JsonRpcError> &e) {
            ++capture.calls;
            capture.result = result;
            capture.error = e;
        });
        conn.feed(R"({"jsonrpc":"2.0","id":1,"error":)" + error + "}\n");
        QCOMPARE(capture.calls, 1);
        QVERIFY(capture.error.has_value());
        QCOMPARE(capture.error->code, code);
        QVERIFY(!capture.error->message.isEmpty());
        if (!message.isEmpty())
            QCOMPARE(capture.error->message, message);
        QCOMPARE(capture.error->data, data);
        QVERIFY(capture.result.isNull() || capture.result.isUndefined());
    }

    void responsesToNoRequestOfOurs_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::newRow("unknown id") << QByteArray(R"({"jsonrpc":"2.0","id":99,"result":{}})");
        QTest::newRow("id 0") << QByteArray(R"({"jsonrpc":"2.0","id":0,"result":{}})");
        QTest::newRow("negative id") << QByteArray(R"({"jsonrpc":"2.0","id":-1,"result":{}})");
        QTest::newRow("our id as a string") << QByteArray(R"({"jsonrpc":"2.0","id":"1","result":{}})");
        QTest::newRow("fractional id") << QByteArray(R"({"jsonrpc":"2.0","id":1.5,"result":{}})");
        QTest::newRow("huge id") << QByteArray(R"({"jsonrpc":"2.0","id":1e300,"result":{}})");
        QTest::newRow("huge negative id") << QByteArray(R"({"jsonrpc":"2.0","id":-1e300,"result":{}})");
        QTest::newRow("no id") << QByteArray(R"({"jsonrpc":"2.0","result":{}})");
        // What a peer sends when it could not parse a request at all.
        QTest::newRow("null id error") << QByteArray(
            R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}})");
        QTest::newRow("empty object") << QByteArray("{}");
    }

    void responsesToNoRequestOfOurs()
    {
        QFETCH(QByteArray, response);
        Recorder r;
        const qint64 id = r.request(QStringLiteral("ours"));
        r.conn.feed(response + '\n');
        QCOMPARE(r.events, QStringList { QStringLiteral("invalid") });
        QVERIFY(r.invalid.first().why.contains(QStringLiteral("request")));
        QCOMPARE(r.conn.pendingRequests(), 1);
        QVERIFY(r.handlerCalls.isEmpty());
        // The request is still answerable.
        r.conn.feed(QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":7})").arg(id).toUtf8() + '\n');
        QCOMPARE(r.events.last(), QStringLiteral("response %1 [7]").arg(id));
        QCOMPARE(r.handlerCalls.value(id), 1);
    }

    void secondResponseToTheSameIdIsInvalid()
    {
        Recorder r;
        const qint64 id = r.request(QStringLiteral("ours"));
        const QByteArray answer = QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":{}})").arg(id).toUtf8() + '\n';
        r.conn.feed(answer + answer);
        QCOMPARE(r.events, QStringList({ QStringLiteral("response %1 [{}]").arg(id), QStringLiteral("invalid") }));
        QCOMPARE(r.handlerCalls.value(id), 1);
    }

    void failPendingAnswersEveryOutstandingRequestOnce()
    {
        Recorder r;
        const qint64 a = r.request(QStringLiteral("a"));
        const qint64 b = r.request(QStringLiteral("b"));
        const qint64 c = r.request(QStringLiteral("c"));
        r.conn.feed(QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":{}})").arg(b).toUtf8() + '\n');
        r.events.clear();
        r.conn.failPending(QStringLiteral("the agent exited"));
        QCOMPARE(r.conn.pendingRequests(), 0);
        QCOMPARE(r.handlerCalls, (QHash<qint64, int> { { a, 1 }, { b, 1 }, { c, 1 } }));
        r.events.sort(); // a hash's order
        QCOMPARE(r.events,
            QStringList({ QStringLiteral("error %1 %2 the agent exited").arg(a).arg(JsonRpcError::InternalError),
                QStringLiteral("error %1 %2 the agent exited").arg(c).arg(JsonRpcError::InternalError) }));

        r.conn.failPending(QStringLiteral("again"));
        QCOMPARE(r.handlerCalls, (QHash<qint64, int> { { a, 1 }, { b, 1 }, { c, 1 } }));
        // A late answer finds no handler.
        r.events.clear();
        r.conn.feed(QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"result":{}})").arg(a).toUtf8() + '\n');
        QCOMPARE(r.events, QStringList { QStringLiteral("invalid") });
    }

    void failPendingSurvivesAHandlerThatSendsARequest()
    {
        JsonRpcConnection conn([](const QByteArray &) {});
        int first = 0, second = 0;
        conn.sendRequest(QStringLiteral("a"), {}, [&](const QJsonValue &, const std::optional<JsonRpcError> &) {
            ++first;
            conn.sendRequest(
                QStringLiteral("b"), {}, [&](const QJsonValue &, const std::optional<JsonRpcError> &) { ++second; });
        });
        conn.failPending(QStringLiteral("gone"));
        QCOMPARE(first, 1);
        QCOMPARE(second, 0);
        QCOMPARE(conn.pendingRequests(), 1);
        conn.failPending(QStringLiteral("gone"));
        QCOMPARE(first, 1);
        QCOMPARE(second, 1);
    }

    void writerGetsOneCompactLinePerMessage_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("request") << 0;
        QTest::newRow("notification") << 1;
        QTest::newRow("result") << 2;
        QTest::newRow("result, string id") << 3;
        QTest::newRow("error") << 4;
    }

    void writerGetsOneCompactLinePerMessage()
    {
        QFETCH(int, kind);
        // Newlines and separators inside strings must be escaped, never break the line.
        const QString tricky = QStringLiteral("line1\nline2\r\n\u2028 \"q\" ü 😀");
        const QJsonObject params { { QStringLiteral("text"), tricky }, { QStringLiteral("n"), 1 } };
        QList<QByteArray> written;
        JsonRpcConnection conn([&](const QByteArray &bytes) { written.append(bytes); });
        qint64 requestId = 0;
        switch (kind) {
        case 0:
            requestId = conn.sendRequest(QStringLiteral("session/prompt"), params, [](auto &&, auto &&) {});
            break;
        case 1:
            conn.sendNotification(QStringLiteral("session/cancel"), params);
            break;
        case 2:
            conn.sendResult(QJsonValue(12), params);
            break;
        case 3:
            conn.sendResult(QJsonValue(QStringLiteral("abc")), QJsonValue(tricky));
            break;
        default:
            conn.sendError(QJsonValue(12), JsonRpcError::MethodNotFound, tricky);
            break;
        }
        QCOMPARE(written.size(), 1);
        const QByteArray bytes = written.first();
        QVERIFY(bytes.endsWith('\n'));
        QCOMPARE(bytes.count('\n'), 1);
        QVERIFY(!bytes.contains('\r'));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc.isObject());
        QCOMPARE(bytes.chopped(1), doc.toJson(QJsonDocument::Compact)); // compact: no indentation
        const QJsonObject m = doc.object();
        QCOMPARE(m.value(QStringLiteral("jsonrpc")), QJsonValue(QStringLiteral("2.0")));
        switch (kind) {
        case 0:
            QCOMPARE(m.keys(), QStringList({ "id", "jsonrpc", "method", "params" }));
            QCOMPARE(m.value(QStringLiteral("id")).toInteger(), requestId);
            QCOMPARE(m.value(QStringLiteral("method")).toString(), QStringLiteral("session/prompt"));
            QCOMPARE(m.value(QStringLiteral("params")).toObject(), params);
            break;
        case 1:
            QCOMPARE(m.keys(), QStringList({ "jsonrpc", "method", "params" }));
            QCOMPARE(m.value(QStringLiteral("params")).toObject(), params);
            break;
        case 2:
            QCOMPARE(m.keys(), QStringList({ "id", "jsonrpc", "result" }));
            QCOMPARE(m.value(QStringLiteral("id")), QJsonValue(12));
            QCOMPARE(m.value(QStringLiteral("result")).toObject(), params);
            break;
        case 3:
            QCOMPARE(m.value(QStringLiteral("id")), QJsonValue(QStringLiteral("abc")));
            QCOMPARE(m.value(QStringLiteral("result")).toString(), tricky);
            break;
        default:
            QCOMPARE(m.keys(), QStringList({ "error", "id", "jsonrpc" }));
            QCOMPARE(m.value(QStringLiteral("error")).toObject(),
                QJsonObject({ { QStringLiteral("code"), JsonRpcError::MethodNotFound },
                    { QStringLiteral("message"), tricky } }));
            break;
        }
    }

    void requestIdsAreUniqueAndIncreasing()
    {
        QList<QByteArray> written;
        JsonRpcConnection conn([&](const QByteArray &bytes) { written.append(bytes); });
        qint64 previous = 0;
        for (int i = 0; i < 100; ++i) {
            const qint64 id = conn.sendRequest(QStringLiteral("m"), {}, [](auto &&, auto &&) {});
            QVERIFY(id > previous);
            QCOMPARE(parseObject(written.last()).value(QStringLiteral("id")).toInteger(), id);
            previous = id;
        }
        QCOMPARE(conn.pendingRequests(), 100);
    }

    // Two connections wired back to back: what one writes, the other reads, synchronously.
    void roundTripBetweenTwoConnections()
    {
        JsonRpcConnection *client = nullptr;
        JsonRpcConnection server([&](const QByteArray &bytes) { client->feed(bytes); });
        JsonRpcConnection clientConn([&](const QByteArray &bytes) { server.feed(bytes); });
        client = &clientConn;
        QObject::connect(&server, &JsonRpcConnection::requestReceived,
            [&](const QJsonValue &id, const QString &method, const QJsonObject &params) {
                if (method == QLatin1String("echo"))
                    server.sendResult(id, params);
                else
                    server.sendError(id, JsonRpcError::MethodNotFound, method);
            });
        const QJsonObject params { { QStringLiteral("text"), QStringLiteral("ü\n😀") } };
        QJsonValue echoed;
        std::optional<JsonRpcError> failure;
        clientConn.sendRequest(QStringLiteral("echo"), params,
            [&](const QJsonValue &result, const std::optional<JsonRpcError> &) { echoed = result; });
        clientConn.sendRequest(QStringLiteral("nope"), params,
            [&](const QJsonValue &, const std::optional<JsonRpcError> &e) { failure = e; });
        QCOMPARE(echoed.toObject(), params);
        QVERIFY(failure.has_value());
        QCOMPARE(failure->code, JsonRpcError::MethodNotFound);
        QCOMPARE(failure->message, QStringLiteral("nope"));
        QCOMPARE(clientConn.pendingRequests(), 0);
    }

    void lineTooLongStopsTheConnection_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<qsizetype>("chunk");
        QTest::addColumn<int>("eventsBefore");

        const QByteArray valid = line(R"({"jsonrpc":"2.0","method":"ok"})");
        const QByteArray junk(1025, 'x');
        QTest::newRow("one feed, with newline") << junk + '\n' + valid << qsizetype(0) << 0;
        QTest::newRow("one feed, no newline") << junk << qsizetype(0) << 0;
        QTest::newRow("many small feeds") << QByteArray(3000, 'x') + '\n' + valid << qsizetype(10) << 0;
        QTest::newRow("byte by byte") << junk + '\n' + valid << qsizetype(1) << 0;
        QTest::newRow("valid JSON, one byte too long") << paddedNotification(1025) + '\n' + valid << qsizetype(0) << 0;
        QTest::newRow("valid JSON, one byte too long, CRLF")
            << paddedNotification(1025) + "\r\n" + valid << qsizetype(0) << 0;
        QTest::newRow("after a valid line, same feed") << valid + junk + '\n' + valid << qsizetype(0) << 1;
        QTest::newRow("after a valid line, small feeds") << valid + junk + '\n' + valid << qsizetype(100) << 1;
        QTest::newRow("after a partial line")
            << QByteArray(1000, 'x') + QByteArray(100, 'x') + '\n' + valid << qsizetype(1000) << 0;
    }

    void lineTooLongStopsTheConnection()
    {
        QFETCH(QByteArray, data);
        QFETCH(qsizetype, chunk);
        QFETCH(int, eventsBefore);
        Recorder r;
        r.conn.setMaxLineBytes(1024);
        r.feedChunked(data, chunk);
        QCOMPARE(r.tooLong.size(), 1);
        QVERIFY(r.tooLong.first() > 1024);
        QCOMPARE(r.events.size(), eventsBefore + 1);
        QCOMPARE(r.events.last(), QStringLiteral("tooLong"));
        QVERIFY(r.conn.isBroken());
        // Nothing after it is read, not even what finish() would flush.
        r.conn.feed(line(R"({"jsonrpc":"2.0","method":"later"})") + R"({"jsonrpc":"2.0","method":"last"})");
        r.conn.finish();
        QCOMPARE(r.events.size(), eventsBefore + 1);
        QCOMPARE(r.tooLong.size(), 1);
        QVERIFY(r.written.isEmpty());
    }

    void lineExactlyAtTheLimitIsAccepted_data()
    {
        QTest::addColumn<QByteArray>("ending");
        QTest::addColumn<qsizetype>("chunk");
        QTest::newRow("LF, one feed") << QByteArray("\n") << qsizetype(0);
        QTest::newRow("LF, byte by byte") << QByteArray("\n") << qsizetype(1);
        QTest::newRow("LF, 100-byte feeds") << QByteArray("\n") << qsizetype(100);
        QTest::newRow("CRLF, one feed") << QByteArray("\r\n") << qsizetype(0);
        QTest::newRow("CRLF, byte by byte") << QByteArray("\r\n") << qsizetype(1);
        QTest::newRow("CRLF, 1025-byte feeds (CR alone at the end)") << QByteArray("\r\n") << qsizetype(1025);
        QTest::newRow("no newline, finish()") << QByteArray() << qsizetype(0);
        QTest::newRow("no newline, byte by byte, finish()") << QByteArray() << qsizetype(1);
    }

    void lineExactlyAtTheLimitIsAccepted()
    {
        QFETCH(QByteArray, ending);
        QFETCH(qsizetype, chunk);
        const QByteArray atLimit = paddedNotification(1024);
        QCOMPARE(atLimit.size(), 1024);
        Recorder r;
        r.conn.setMaxLineBytes(1024);
        r.feedChunked(atLimit + ending, chunk);
        r.conn.finish();
        QVERIFY(r.tooLong.isEmpty());
        QCOMPARE(r.events.size(), 1);
        QVERIFY(r.events.first().startsWith(QLatin1String("notification pad")));
        QVERIFY(!r.conn.isBroken());
        r.conn.feed(line(R"({"jsonrpc":"2.0","method":"next"})"));
        QCOMPARE(r.events.last(), QStringLiteral("notification next {}"));
    }

    void finishProcessesALastLineWithoutNewline()
    {
        Recorder r;
        r.conn.finish(); // nothing buffered: nothing happens
        QVERIFY(r.events.isEmpty());
        r.conn.feed(line(R"({"jsonrpc":"2.0","method":"a"})") + R"({"jsonrpc":"2.0","method":)");
        r.conn.feed(R"("b"})");
        QCOMPARE(r.events, QStringList { QStringLiteral("notification a {}") });
        r.conn.finish();
        QCOMPARE(r.events, QStringList({ QStringLiteral("notification a {}"), QStringLiteral("notification b {}") }));
        r.conn.finish(); // once only
        QCOMPARE(r.events.size(), 2);

        Recorder cr;
        cr.conn.feed(QByteArray(R"({"jsonrpc":"2.0","method":"c"})") + '\r');
        cr.conn.finish();
        QCOMPARE(cr.events, QStringList { QStringLiteral("notification c {}") });

        Recorder junk;
        junk.conn.feed("{\"jsonrpc\":\"2.0\",\"meth");
        junk.conn.finish();
        QCOMPARE(junk.events, QStringList { QStringLiteral("invalid") });

        Recorder blank;
        blank.conn.feed("  \t");
        blank.conn.finish();
        QVERIFY(blank.events.isEmpty());
    }

    // Random bytes and damaged messages in random chunkings: never a crash, never more reports than
    // lines, every handler at most once before failPending() and exactly once after.
    void fuzz()
    {
        const QList<QByteArray> corpus {
            R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}})",
            R"({"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"x","data":null}})",
            R"({"jsonrpc":"2.0","id":3,"result":null})",
            R"({"jsonrpc":"2.0","id":7,"method":"fs/read_text_file","params":{"path":"/w/a","line":1}})",
            R"({"jsonrpc":"2.0","id":"s","method":"session/request_permission","params":{"options":[]}})",
            R"({"jsonrpc":"2.0","method":"session/update","params":{"update":{"text":"ü😀\n"}}})",
            R"({"jsonrpc":"2.0","id":8,"method":"m","params":[1]})",
            R"([{"jsonrpc":"2.0","method":"batch"}])",
            "",
        };
        QRandomGenerator rng(0xC0FFEE);
        QHash<QString, int> seen; // what kinds of report the inputs provoked, over all iterations
        for (int iteration = 0; iteration < 2000; ++iteration) {
            const QByteArray where = "iteration " + QByteArray::number(iteration);
            Recorder r;
            r.conn.setMaxLineBytes(rng.bounded(2) ? 64 + rng.bounded(512) : JsonRpcConnection::DefaultMaxLineBytes);
            const qint64 ids[]
                = { r.request(QStringLiteral("a")), r.request(QStringLiteral("b")), r.request(QStringLiteral("c")) };
            r.written.clear();

            QByteArray data;
            const int pieces = 1 + int(rng.bounded(8));
            for (int p = 0; p < pieces; ++p) {
                if (rng.bounded(3) == 0)
                    data += randomBytes(rng, 200);
                else
                    data += rng.bounded(5) == 0 ? corpus.at(rng.bounded(corpus.size()))
                                                : mutate(rng, corpus.at(rng.bounded(corpus.size())));
                if (rng.bounded(5) != 0)
                    data += rng.bounded(4) == 0 ? "\r\n" : "\n";
            }
            if (rng.bounded(2))
                r.conn.feed(data);
            else
                r.feedChunked(data, 1 + rng.bounded(50));
            r.conn.finish();

            const qsizetype lines = data.count('\n') + 1;
            QVERIFY2(r.events.size() <= lines, where.constData());
            QVERIFY2(r.messages <= lines, where.constData());
            QVERIFY2(r.written.size() <= lines, where.constData());
            QVERIFY2(r.tooLong.size() <= 1, where.constData());
            if (!r.tooLong.isEmpty())
                QVERIFY2(r.events.last() == QLatin1String("tooLong"), where.constData());
            for (const qint64 id : ids)
                QVERIFY2(r.handlerCalls.value(id) <= 1, where.constData());
            // Whatever the peer wrote, our replies are well-formed single lines.
            for (const QByteArray &bytes : std::as_const(r.written)) {
                QVERIFY2(bytes.endsWith('\n') && bytes.count('\n') == 1, where.constData());
                QVERIFY2(parseObject(bytes).value(QStringLiteral("jsonrpc")) == QJsonValue(QStringLiteral("2.0")),
                    where.constData());
            }
            for (const QString &event : std::as_const(r.events))
                ++seen[event.section(QLatin1Char(' '), 0, 0)];
            seen[QStringLiteral("reply")] += int(r.written.size());
            r.conn.failPending(QStringLiteral("exited"));
            for (const qint64 id : ids)
                QVERIFY2(r.handlerCalls.value(id) == 1, where.constData());
            QCOMPARE(r.conn.pendingRequests(), 0);
        }
        // Not only junk: the inputs reached every path.
        for (const char *kind : { "request", "notification", "response", "error", "invalid", "tooLong", "reply" })
            QVERIFY2(seen.value(QLatin1String(kind)) > 10, kind);
    }
};

QTEST_GUILESS_MAIN(TestJsonRpcConnection)
#include "tst_jsonrpcconnection.moc"
