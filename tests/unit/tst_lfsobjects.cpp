// The LFS wire formats (§6.8 lfs: true) as pure functions: git-lfs's listing of a work tree and the
// batch API's answer are untrusted; what they yield is always well formed or a clear refusal. The
// rule for the addresses a server hands out is §6.8's URL rule with a query allowed.
#include <runnercore/model/GitUrl.h>
#include <runnercore/workspace/LfsObjects.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace runnercore;

namespace {
const QString A = QStringLiteral("a").repeated(64);
const QString B = QStringLiteral("0123456789abcdef").repeated(4);

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject listed(const QString &oid, qint64 size, bool present)
{
    return QJsonObject { { QStringLiteral("name"), QStringLiteral("f") }, { QStringLiteral("size"), size },
        { QStringLiteral("checkout"), present }, { QStringLiteral("downloaded"), present },
        { QStringLiteral("oid_type"), QStringLiteral("sha256") }, { QStringLiteral("oid"), oid } };
}

QJsonObject answer(const QString &oid, qint64 size, const QJsonObject &download)
{
    return QJsonObject { { QStringLiteral("oid"), oid }, { QStringLiteral("size"), size },
        { QStringLiteral("actions"), QJsonObject { { QStringLiteral("download"), download } } } };
}

QJsonObject href(const QString &url, const QJsonObject &headers = {})
{
    QJsonObject download { { QStringLiteral("href"), url } };
    if (!headers.isEmpty())
        download.insert(QStringLiteral("header"), headers);
    return download;
}

const QList<LfsObject> Asked { { A, 5, false }, { B, 0, false } };
} // namespace

class TestLfsObjects : public QObject
{
    Q_OBJECT

private slots:
    void aListingYieldsEachObjectOnce()
    {
        QString error;
        const auto objects = LfsObjects::parseListing(
            json({ { QStringLiteral("files"),
                QJsonArray { listed(A, 5, false), listed(B, 0, true), listed(A, 5, true) } } }),
            &error);
        QVERIFY2(objects, qPrintable(error));
        QCOMPARE(objects->size(), 2);
        QCOMPARE(objects->at(0).oid, A);
        QCOMPARE(objects->at(0).size, 5);
        QVERIFY(!objects->at(0).present); // present only where every path has it
        QVERIFY(objects->at(1).present);
    }

    void anEmptyTreeListsNull()
    {
        QString error;
        const auto objects = LfsObjects::parseListing("{\"files\": null}", &error);
        QVERIFY(objects && objects->isEmpty());
    }

    void aBadListingIsRefused_data()
    {
        QTest::addColumn<QByteArray>("listing");
        QTest::newRow("not json") << QByteArray("files:");
        QTest::newRow("no list") << QByteArray("{\"files\": 3}");
        QTest::newRow("uppercase oid") << json(
            { { QStringLiteral("files"), QJsonArray { listed(A.toUpper(), 1, false) } } });
        QTest::newRow("short oid") << json(
            { { QStringLiteral("files"), QJsonArray { listed(A.left(63), 1, false) } } });
        QTest::newRow("negative size") << json({ { QStringLiteral("files"), QJsonArray { listed(A, -1, false) } } });
        QTest::newRow("two sizes") << json(
            { { QStringLiteral("files"), QJsonArray { listed(A, 1, false), listed(A, 2, false) } } });
        QJsonObject sha1 = listed(A, 1, false);
        sha1.insert(QStringLiteral("oid_type"), QStringLiteral("sha1"));
        QTest::newRow("another hash") << json({ { QStringLiteral("files"), QJsonArray { sha1 } } });
        QTest::newRow("size as text") << QByteArray("{\"files\":[{\"oid\":\"") + A.toLatin1() + "\",\"size\":\"5\"}]}";
    }

    void aBadListingIsRefused()
    {
        QFETCH(QByteArray, listing);
        QString error;
        QVERIFY(!LfsObjects::parseListing(listing, &error));
        QVERIFY(!error.isEmpty());
    }

    void theEndpointIsDerivedAsGitLfsDoes()
    {
        QCOMPARE(LfsObjects::batchEndpoint(QStringLiteral("https://h/org/repo.git")),
            QStringLiteral("https://h/org/repo.git/info/lfs/objects/batch"));
        QCOMPARE(LfsObjects::batchEndpoint(QStringLiteral("https://h/org/repo")),
            QStringLiteral("https://h/org/repo.git/info/lfs/objects/batch"));
        QCOMPARE(LfsObjects::batchEndpoint(QStringLiteral("https://h/org/repo/")),
            QStringLiteral("https://h/org/repo.git/info/lfs/objects/batch"));
    }

    void theBatchRequestAsksForBasicDownloads()
    {
        const QJsonObject request
            = QJsonDocument::fromJson(LfsObjects::batchRequest(Asked, QStringLiteral("refs/heads/main"))).object();
        QCOMPARE(request.value(QStringLiteral("operation")).toString(), QStringLiteral("download"));
        QCOMPARE(request.value(QStringLiteral("transfers")).toArray(), QJsonArray { QStringLiteral("basic") });
        QCOMPARE(request.value(QStringLiteral("objects")).toArray().size(), 2);
        QCOMPARE(
            request.value(QStringLiteral("objects")).toArray().at(0).toObject().value(QStringLiteral("oid")).toString(),
            A);
        QCOMPARE(request.value(QStringLiteral("ref")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("refs/heads/main"));
        QVERIFY(!QJsonDocument::fromJson(LfsObjects::batchRequest(Asked, std::nullopt))
                     .object()
                     .contains(QStringLiteral("ref")));
    }

    void anAnswerYieldsADownloadPerObjectInOrder()
    {
        QString error;
        const auto downloads = LfsObjects::parseBatchResponse(
            json({ { QStringLiteral("transfer"), QStringLiteral("basic") },
                { QStringLiteral("objects"),
                    QJsonArray { answer(B, 0, href(QStringLiteral("http://127.0.0.1:9/b"))),
                        answer(A, 5,
                            href(QStringLiteral("https://s.example.com/a?sig=1"),
                                { { QStringLiteral("Authorization"), QStringLiteral("RemoteAuth x") } })) } } }),
            Asked, &error);
        QVERIFY2(downloads, qPrintable(error));
        QCOMPARE(downloads->size(), 2);
        QCOMPARE(downloads->at(0).oid, A);
        QCOMPARE(downloads->at(0).href, QStringLiteral("https://s.example.com/a?sig=1"));
        QCOMPARE(downloads->at(0).headers.size(), 1);
        QCOMPARE(downloads->at(0).headers.first().first, QByteArray("Authorization"));
        QCOMPARE(downloads->at(1).href, QStringLiteral("http://127.0.0.1:9/b"));
    }

    void aBadAnswerIsRefused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected");
        const QJsonObject goodB = answer(B, 0, href(QStringLiteral("https://h/b")));
        const auto with = [&](const QJsonObject &a, const QJsonObject &extra = {}) {
            QJsonObject root { { QStringLiteral("objects"), QJsonArray { a, goodB } } };
            for (auto it = extra.begin(); it != extra.end(); ++it)
                root.insert(it.key(), it.value());
            return json(root);
        };
        QTest::newRow("missing object") << json({ { QStringLiteral("objects"), QJsonArray { goodB } } })
                                        << QStringLiteral("did not answer");
        QTest::newRow("error object") << with(QJsonObject { { QStringLiteral("oid"), A },
            { QStringLiteral("error"),
                QJsonObject {
                    { QStringLiteral("code"), 404 }, { QStringLiteral("message"), QStringLiteral("gone") } } } })
                                      << QStringLiteral("404: gone");
        QTest::newRow("another size") << with(answer(A, 6, href(QStringLiteral("https://h/a"))))
                                      << QStringLiteral("another size");
        QTest::newRow("no href") << with(answer(A, 5, QJsonObject {})) << QStringLiteral("no download address");
        QTest::newRow("another transfer") << with(answer(A, 5, href(QStringLiteral("https://h/a"))),
            { { QStringLiteral("transfer"), QStringLiteral("ssh") } })
                                          << QStringLiteral("only basic");
        QTest::newRow("header with CRLF") << with(answer(A, 5,
            href(QStringLiteral("https://h/a"), { { QStringLiteral("X-A"), QStringLiteral("v\r\nHost: evil") } })))
                                          << QStringLiteral("cannot be sent");
        QTest::newRow("host header") << with(
            answer(A, 5, href(QStringLiteral("https://h/a"), { { QStringLiteral("Host"), QStringLiteral("evil") } })))
                                     << QStringLiteral("cannot be sent");
        QTest::newRow("header not text") << with(
            answer(A, 5, href(QStringLiteral("https://h/a"), { { QStringLiteral("X-A"), 3 } })))
                                         << QStringLiteral("not a string");
        QTest::newRow("not json") << QByteArray("<html>") << QStringLiteral("not a JSON object");
    }

    void aBadAnswerIsRefused()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!LfsObjects::parseBatchResponse(body, Asked, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    // The addresses a server hands out: §6.8's rule, a query allowed (signed storage URLs).
    void transferAddresses_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("https with a query") << QStringLiteral("https://s.example.com/o/a?X-Amz-Signature=1") << true;
        QTest::newRow("http loopback") << QStringLiteral("http://127.0.0.1:8080/lfs/objects/a") << true;
        QTest::newRow("http elsewhere") << QStringLiteral("http://192.0.2.1/a") << false;
        QTest::newRow("userinfo") << QStringLiteral("https://u:p@s.example.com/a") << false;
        QTest::newRow("fragment") << QStringLiteral("https://s.example.com/a#x") << false;
        QTest::newRow("file") << QStringLiteral("file:///etc/passwd") << false;
        QTest::newRow("ssh") << QStringLiteral("ssh://git@h/a") << false;
    }

    void transferAddresses()
    {
        QFETCH(QString, url);
        QFETCH(bool, allowed);
        QCOMPARE(GitUrl::transferProblem(url).isEmpty(), allowed);
        if (url.contains(QLatin1Char('?')))
            QVERIFY(!GitUrl::problem(url).isEmpty()); // a repository URL still may not carry one
    }
};

QTEST_GUILESS_MAIN(TestLfsObjects)
#include "tst_lfsobjects.moc"
