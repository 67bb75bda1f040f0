// The pairing wizard, offscreen: each page refuses bad input with the message the person sees
// under the field and a disabled Next; good input reaches the final page and is emitted
// normalised; a link prefills it; the final page shows success or the exact error, and its
// button sends the request again, or leads back to the code page when the code is spent.
#include "GuiTestSupport.h"
#include "PairingWizard.h"
#include "PairingWizardPages.h"
#include <runnercore/identity/PairingCode.h>
#include <runnercore/identity/PairingRedemption.h>
#include <runnercore/transport/ApiError.h>
#include <runnercore/transport/EndpointPolicy.h>

#include <QAbstractButton>
#include <QCheckBox>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSysInfo>
#include <QThread>
#include <QWizardPage>

#include <memory>

using namespace runnercore;

namespace {

const QString goodCode = QStringLiteral("CFU-7K3M-Q9XD-2HFA");
const QString profile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString digest = QStringLiteral("sha256:") + QString(64, u'a');
const QString apiKey = QStringLiteral("key_sEcReT_0123456789");

ApiError httpError(int status, const char *code)
{
    ApiError e;
    e.kind = ApiError::Kind::Http;
    e.httpStatus = status;
    e.code = QLatin1String(code);
    e.message = QStringLiteral("server says no");
    return e;
}

} // namespace

class TestPairingWizard : public QObject
{
    Q_OBJECT

    // Detection requests the wizard made, answered by the tests whenever they like (they are async).
    QList<PairingWizard::Hooks::Detected> m_docker;
    QList<PairingWizard::Hooks::Detected> m_bubblewrap;

    PairingWizard::Hooks hooks()
    {
        PairingWizard::Hooks h;
        h.defaultLabel = QStringLiteral("build-box");
        h.detectDocker = [this](PairingWizard::Hooks::Detected done) { m_docker.append(std::move(done)); };
        h.detectBubblewrap = [this](PairingWizard::Hooks::Detected done) { m_bubblewrap.append(std::move(done)); };
        return h;
    }

    // A widget the test names; a missing one (renamed, say) fails the test naming it, and the
    // helpers below do nothing with it, so the test ends with that failure instead of a crash.
    template <typename T> static T *child(QObject &parent, const char *name)
    {
        T *found = parent.findChild<T *>(QLatin1String(name));
        if (!found)
            QTest::qFail(qPrintable(QStringLiteral("no widget named %1").arg(QLatin1String(name))), __FILE__, __LINE__);
        return found;
    }
    static QString text(QObject &parent, const char *labelName)
    {
        const QLabel *label = child<QLabel>(parent, labelName);
        return label ? label->text() : QString();
    }
    static bool shown(QWizard &wizard, const char *name)
    {
        const QWidget *widget = child<QWidget>(wizard, name);
        return widget && widget->isVisibleTo(&wizard);
    }
    static bool nextEnabled(QWizard &wizard) { return wizard.button(QWizard::NextButton)->isEnabled(); }
    static QLineEdit *edit(QWizard &wizard, const char *name) { return child<QLineEdit>(wizard, name); }
    static QString fieldText(QWizard &wizard, const char *name)
    {
        const QLineEdit *field = edit(wizard, name);
        return field ? field->text() : QString();
    }
    static void setText(QWizard &wizard, const char *name, const QString &value)
    {
        if (QLineEdit *field = edit(wizard, name))
            field->setText(value);
    }
    static void clearField(QWizard &wizard, const char *name)
    {
        if (QLineEdit *field = edit(wizard, name))
            field->clear();
    }
    static void click(QWizard &wizard, const char *name)
    {
        if (auto *button = child<QAbstractButton>(wizard, name))
            button->click();
    }

    // Types as a person would, replacing what the field held.
    static void type(QLineEdit *field, const QString &value)
    {
        if (!field)
            return; // child() failed the test
        field->selectAll();
        field->del();
        QTest::keyClicks(field, value);
    }

    // Everything valid and non-trivial to normalise; the detections answered.
    void fillGood(PairingWizard &wizard)
    {
        setText(wizard, "endpointEdit", QStringLiteral(" https://cp.example.test/api/ "));
        setText(wizard, "codeEdit", QStringLiteral("cfu 7k3m q9xd 2hfa\n"));
        setText(wizard, "labelEdit", QStringLiteral("  my-laptop "));
        answerDetections(true, true);
        click(wizard, "sandboxBubblewrap");
        setText(wizard, "cursorProfileVersion", profile + QLatin1Char('\n'));
        setText(wizard, "cursorReleaseDigest", digest);
        setText(wizard, "cursorModel", QStringLiteral(" gpt-5 "));
        setText(wizard, "cursorApiKey", apiKey);
    }

    void answerDetections(bool docker, bool bubblewrap)
    {
        QVERIFY(!m_docker.isEmpty() && !m_bubblewrap.isEmpty());
        m_docker.takeLast()(docker,
            docker ? QStringLiteral("Docker 24.0.7 answers") : QStringLiteral("no Docker daemon answers (refused)"));
        m_bubblewrap.takeLast()(bubblewrap,
            bubblewrap ? QStringLiteral("bwrap can create namespaces")
                       : QStringLiteral("bwrap is not installed (apt install bubblewrap)"));
    }

    // Next, as long as the page lets it, up to the page `id`.
    static void nextUntil(QWizard &wizard, int id)
    {
        while (wizard.currentId() != id && wizard.button(QWizard::NextButton)->isEnabled())
            wizard.button(QWizard::NextButton)->click();
        QCOMPARE(wizard.currentId(), id);
    }

    void reachResult(PairingWizard &wizard)
    {
        fillGood(wizard);
        wizard.restart();
        nextUntil(wizard, PairingWizard::ResultPageId);
    }

    static void compareRequests(const PairingRequest &a, const PairingRequest &b)
    {
        QCOMPARE(a.endpoint, b.endpoint);
        QCOMPARE(a.code, b.code);
        QCOMPARE(a.label, b.label);
        QCOMPARE(a.sandbox, b.sandbox);
        QCOMPARE(a.cursor.has_value(), b.cursor.has_value());
        if (a.cursor) {
            QCOMPARE(a.cursor->profileVersion, b.cursor->profileVersion);
            QCOMPARE(a.cursor->releaseDigest, b.cursor->releaseDigest);
            QCOMPARE(a.cursor->model, b.cursor->model);
            QCOMPARE(a.cursor->apiKey, b.cursor->apiKey);
        }
    }

private slots:
    void init()
    {
        m_docker.clear();
        m_bubblewrap.clear();
    }

    // Protocol §2.3: the code page tells a person on Windows that a lost pairing cannot be
    // recovered there; elsewhere it says nothing about it.
    void codePageSaysPairingRecoveryIsNotSupportedOnWindows_data()
    {
        QTest::addColumn<QString>("os");
        QTest::addColumn<bool>("noted");
        QTest::newRow("windows") << QStringLiteral("windows") << true;
        QTest::newRow("linux") << QStringLiteral("linux") << false;
        QTest::newRow("macos") << QStringLiteral("darwin") << false;
    }

    void codePageSaysPairingRecoveryIsNotSupportedOnWindows()
    {
        QFETCH(QString, os);
        QFETCH(bool, noted);
        CodePage page(nullptr, os);
        page.show();
        auto *note = page.findChild<QLabel *>(QStringLiteral("codeRecoveryNote"));
        QVERIFY(note);
        QCOMPARE(note->isVisibleTo(&page), noted);
        QCOMPARE(note->text().contains(QStringLiteral("Pairing recovery is not supported on Windows")), noted);
    }

    void refusesBadEndpoints_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("gist"); // what the message must be about

        QTest::newRow("not a URL") << QStringLiteral("checkfu.example.com") << QStringLiteral("is not a URL");
        QTest::newRow("ftp") << QStringLiteral("ftp://checkfu.example.com")
                             << QStringLiteral("only https:// is supported");
        QTest::newRow("http off loopback")
            << QStringLiteral("http://checkfu.example.com") << QStringLiteral("not a loopback address");
        QTest::newRow("http to a look-alike of loopback")
            << QStringLiteral("http://127.1:8787") << QStringLiteral("not a loopback address");
        QTest::newRow("space") << QStringLiteral("https://checkfu example.com") << QStringLiteral("contains a space");
        QTest::newRow("user info") << QStringLiteral("https://me:pw@checkfu.example.com")
                                   << QStringLiteral("user name or password");
    }

    void refusesBadEndpoints()
    {
        QFETCH(QString, typed);
        QFETCH(QString, gist);

        PairingWizard wizard(hooks());
        wizard.show();
        QCOMPARE(wizard.currentId(), int(PairingWizard::EndpointPageId));
        QVERIFY(!nextEnabled(wizard)); // empty: nothing to go on, but no error shouted yet
        QVERIFY(!shown(wizard, "endpointError"));

        type(edit(wizard, "endpointEdit"), typed);
        const QString message = text(wizard, "endpointError");
        QCOMPARE(message, *EndpointPolicy::check(typed, QStringLiteral("The endpoint")));
        QVERIFY2(message.startsWith(QLatin1String("The endpoint ")), qPrintable(message));
        QVERIFY2(message.contains(gist), qPrintable(message));
        QVERIFY(shown(wizard, "endpointError"));
        QVERIFY(!wizard.currentPage()->isComplete());
        QVERIFY(!nextEnabled(wizard));
    }

    void acceptsGoodEndpoints_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QUrl>("normalised");
        QTest::newRow("https") << QStringLiteral("https://cp.example.test/")
                               << QUrl(QStringLiteral("https://cp.example.test"));
        QTest::newRow("http loopback v4")
            << QStringLiteral("http://127.0.0.1:8787") << QUrl(QStringLiteral("http://127.0.0.1:8787"));
        QTest::newRow("http loopback v6")
            << QStringLiteral("http://[::1]:8787") << QUrl(QStringLiteral("http://[::1]:8787"));
        QTest::newRow("http localhost") << QStringLiteral("http://localhost:8787/")
                                        << QUrl(QStringLiteral("http://localhost:8787"));
    }

    void acceptsGoodEndpoints()
    {
        QFETCH(QString, typed);
        QFETCH(QUrl, normalised);

        PairingWizard wizard(hooks());
        wizard.show();
        type(edit(wizard, "endpointEdit"), QStringLiteral("ftp://x"));
        QVERIFY(shown(wizard, "endpointError"));
        type(edit(wizard, "endpointEdit"), typed);
        QVERIFY(!shown(wizard, "endpointError"));
        QCOMPARE(text(wizard, "endpointError"), QString());
        QVERIFY(wizard.currentPage()->isComplete());
        QVERIFY(nextEnabled(wizard));
        QCOMPARE(wizard.request().endpoint, normalised);
    }

    void refusesBadCodes_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::newRow("no prefix") << QStringLiteral("XYZ-1234");
        QTest::newRow("too short") << QStringLiteral("CFU-7K3M-Q9XD");
        QTest::newRow("too long") << QStringLiteral("CFU-7K3M-Q9XD-2HFA-7");
        QTest::newRow("foreign character") << QStringLiteral("CFU-7K3M-Q9XD-2HF!");
        QTest::newRow("U is not used") << QStringLiteral("CFU-7K3M-Q9XD-2HFU");
        QTest::newRow("hyphen misplaced") << QStringLiteral("CFU-7K-3MQ9XD-2HFA");
    }

    void refusesBadCodes()
    {
        QFETCH(QString, typed);

        PairingWizard wizard(hooks());
        wizard.setEndpoint(QUrl(QStringLiteral("https://cp.example.test")));
        wizard.show();
        nextUntil(wizard, PairingWizard::CodePageId);
        QVERIFY(!nextEnabled(wizard));
        QVERIFY(!shown(wizard, "codeError"));

        type(edit(wizard, "codeEdit"), typed);
        const PairingCode expected = PairingCode::parse(typed);
        QVERIFY(!expected.isValid());
        QCOMPARE(text(wizard, "codeError"), expected.error());
        QVERIFY(shown(wizard, "codeError"));
        QVERIFY(!wizard.currentPage()->isComplete());
        QVERIFY(!nextEnabled(wizard));
        QCOMPARE(wizard.request().code, QString());
    }

    void normalisesCodesLive_data()
    {
        QTest::addColumn<QString>("pasted");
        QTest::addColumn<bool>("typedByHand");
        QTest::newRow("typed in lower case") << QStringLiteral("cfu-7k3m-q9xd-2hfa") << true;
        QTest::newRow("typed without hyphens") << QStringLiteral("cfu7k3mq9xd2hfa") << true;
        QTest::newRow("pasted with spaces, line break, en dash, zero-width space")
            << QStringLiteral(" cfu 7k3m\u200b-q9xd\u20132hfa\n") << false;
    }

    void normalisesCodesLive()
    {
        QFETCH(QString, pasted);
        QFETCH(bool, typedByHand);

        PairingWizard wizard(hooks());
        wizard.setEndpoint(QUrl(QStringLiteral("https://cp.example.test")));
        wizard.show();
        nextUntil(wizard, PairingWizard::CodePageId);
        QLineEdit *code = edit(wizard, "codeEdit");
        QVERIFY(code);
        if (typedByHand) {
            type(code, pasted);
        } else {
            QGuiApplication::clipboard()->setText(pasted);
            code->setFocus();
            code->paste();
            if (code->text().isEmpty()) // no clipboard on this platform plugin: paste by hand
                code->insert(pasted);
        }
        QCOMPARE(code->text(), goodCode);
        QCOMPARE(text(wizard, "codeError"), QString());
        QVERIFY(wizard.currentPage()->isComplete());
        QVERIFY(nextEnabled(wizard));
        QCOMPARE(wizard.request().code, goodCode);
    }

    void validatesTheMachineLabel()
    {
        PairingWizard wizard(hooks());
        wizard.setEndpoint(QUrl(QStringLiteral("https://cp.example.test")));
        setText(wizard, "codeEdit", goodCode);
        wizard.show();
        nextUntil(wizard, PairingWizard::MachinePageId);
        QLineEdit *label = edit(wizard, "labelEdit");
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("build-box")); // the host name by default
        QVERIFY(nextEnabled(wizard));
        QVERIFY(!shown(wizard, "linkNotice"));

        type(label, QStringLiteral("   "));
        QCOMPARE(text(wizard, "labelError"),
            QStringLiteral("The machine label is empty. Give a name that tells you which machine this is, e.g. "
                           "build-box."));
        QVERIFY(!nextEnabled(wizard));

        label->setText(QStringLiteral("evil\tlabel"));
        QVERIFY2(text(wizard, "labelError").contains(QLatin1String("control character")),
            qPrintable(text(wizard, "labelError")));
        QVERIFY(!nextEnabled(wizard));

        type(label, QStringLiteral("  alice laptop  "));
        QVERIFY(!shown(wizard, "labelError"));
        QVERIFY(nextEnabled(wizard));
        QCOMPARE(wizard.request().label, QStringLiteral("alice laptop"));
    }

    void offersSandboxTiersAsDetected()
    {
        PairingWizard wizard(hooks());
        wizard.show();
        QCOMPARE(m_docker.size(), 1);
        QCOMPARE(m_bubblewrap.size(), 1);
        auto *host = child<QRadioButton>(wizard, "sandboxHostProcess");
        auto *bubblewrap = child<QRadioButton>(wizard, "sandboxBubblewrap");
        auto *docker = child<QRadioButton>(wizard, "sandboxDocker");
        auto *none = child<QRadioButton>(wizard, "sandboxNone");
        auto *page = child<QWizardPage>(wizard, "sandboxPage");
        QVERIFY(host && bubblewrap && docker && none && page);

        // Nothing is chosen for the person; the tiers still being checked cannot be chosen yet.
        QVERIFY(!page->isComplete());
        QCOMPARE(text(wizard, "sandboxHint"), QStringLiteral("Choose where runs execute to continue."));
        QVERIFY(host->isEnabled() && none->isEnabled());
        QVERIFY(!bubblewrap->isEnabled() && !docker->isEnabled());
        QVERIFY(text(wizard, "dockerStatus").startsWith(QLatin1String("Checking")));
        QVERIFY(text(wizard, "bubblewrapStatus").startsWith(QLatin1String("Checking")));
        // Host process warns plainly.
        const QString warning = text(wizard, "hostProcessWarning");
        QVERIFY2(warning.startsWith(QLatin1String("No isolation.")), qPrintable(warning));
        QVERIFY2(warning.contains(QLatin1String("this machine's own network")), qPrintable(warning));

        answerDetections(false, true);
        QCOMPARE(text(wizard, "dockerStatus"), QStringLiteral("Not available: no Docker daemon answers (refused)."));
        QCOMPARE(text(wizard, "bubblewrapStatus"), QStringLiteral("Detected: bwrap can create namespaces."));
        QVERIFY(!docker->isEnabled());
        QVERIFY(bubblewrap->isEnabled());

        bubblewrap->click();
        QVERIFY(page->isComplete());
        QCOMPARE(wizard.request().sandbox, SandboxChoice::Bubblewrap);
        QVERIFY(!shown(wizard, "sandboxHint"));

        // Check again: the earlier answer no longer counts, and a tier that went away is unchosen.
        click(wizard, "recheckSandboxes");
        QCOMPARE(m_docker.size(), 1);
        QCOMPARE(m_bubblewrap.size(), 1);
        QVERIFY(bubblewrap->isChecked()); // still chosen while checking
        answerDetections(true, false);
        QVERIFY(!bubblewrap->isChecked());
        QVERIFY(!bubblewrap->isEnabled());
        QCOMPARE(text(wizard, "bubblewrapStatus"),
            QStringLiteral("Not available: bwrap is not installed (apt install bubblewrap)."));
        QVERIFY(!page->isComplete());
        QCOMPARE(wizard.request().sandbox, SandboxChoice::NotGiven);
        QVERIFY(docker->isEnabled());
        docker->click();
        QCOMPARE(wizard.request().sandbox, SandboxChoice::Docker);
        host->click();
        QCOMPARE(wizard.request().sandbox, SandboxChoice::HostProcess);
        none->click();
        QCOMPARE(wizard.request().sandbox, SandboxChoice::None);
    }

    void staleDetectionsAreHarmless()
    {
        auto wizard = std::make_unique<PairingWizard>(hooks());
        wizard->recheckSandboxes(); // the first round's answers are now stale
        QCOMPARE(m_docker.size(), 2);
        m_docker.first()(true, QStringLiteral("stale"));
        QVERIFY(text(*wizard, "dockerStatus").startsWith(QLatin1String("Checking")));
        wizard.reset();
        // Answers for a wizard that is gone.
        m_docker.last()(true, QStringLiteral("late"));
        m_bubblewrap.last()(true, QStringLiteral("late"));
    }

    void refusesPartialCursorTuples_data()
    {
        QTest::addColumn<QStringList>("filled"); // object names of the filled fields
        QTest::addColumn<QStringList>("missing"); // field names the message must give

        QTest::newRow("only the key") << QStringList { QStringLiteral("cursorApiKey") }
                                      << QStringList { QStringLiteral("Profile version"),
                                             QStringLiteral("Release digest"), QStringLiteral("Model") };
        QTest::newRow("no key") << QStringList { QStringLiteral("cursorProfileVersion"),
            QStringLiteral("cursorReleaseDigest"), QStringLiteral("cursorModel") }
                                << QStringList { QStringLiteral("API key") };
        QTest::newRow("model and digest missing")
            << QStringList { QStringLiteral("cursorProfileVersion"), QStringLiteral("cursorApiKey") }
            << QStringList { QStringLiteral("Release digest"), QStringLiteral("Model") };
    }

    void refusesPartialCursorTuples()
    {
        QFETCH(QStringList, filled);
        QFETCH(QStringList, missing);

        PairingWizard wizard(hooks());
        fillGood(wizard);
        wizard.show();
        nextUntil(wizard, PairingWizard::CursorPageId);
        QCOMPARE(wizard.button(QWizard::NextButton)->text(), QStringLiteral("&Pair"));
        QLineEdit *key = edit(wizard, "cursorApiKey");
        QVERIFY(key);
        QCOMPARE(key->echoMode(), QLineEdit::Password);

        const QList<QPair<const char *, QString>> fields { { "cursorProfileVersion",
                                                               QStringLiteral("Profile version") },
            { "cursorReleaseDigest", QStringLiteral("Release digest") }, { "cursorModel", QStringLiteral("Model") },
            { "cursorApiKey", QStringLiteral("API key") } };
        for (const auto &[name, title] : fields) {
            if (!filled.contains(QLatin1String(name)))
                clearField(wizard, name);
        }
        const QString message = text(wizard, "cursorError");
        QVERIFY2(message.startsWith(QLatin1String("The Cursor lane needs all four fields or none; missing: ")),
            qPrintable(message));
        for (const auto &[name, title] : fields)
            QVERIFY2(
                message.contains(title) == missing.contains(title), qPrintable(title + QStringLiteral(": ") + message));
        QVERIFY(!message.contains(apiKey));
        QVERIFY(shown(wizard, "cursorError"));
        QVERIFY(!wizard.currentPage()->isComplete());
        QVERIFY(!nextEnabled(wizard));

        // None at all is fine: the lane is optional.
        for (const auto &[name, title] : fields)
            clearField(wizard, name);
        QVERIFY(!shown(wizard, "cursorError"));
        QVERIFY(nextEnabled(wizard));
        QVERIFY(!wizard.request().cursor);
    }

    void refusesMisshapenCursorValues()
    {
        PairingWizard wizard(hooks());
        fillGood(wizard);
        wizard.show();
        nextUntil(wizard, PairingWizard::CursorPageId);
        QVERIFY(nextEnabled(wizard));

        // Someone pasted the key into the profile field: the message names the field and never shows the value.
        type(edit(wizard, "cursorProfileVersion"), apiKey);
        QString message = text(wizard, "cursorError");
        QVERIFY2(message.startsWith(QLatin1String("Profile version does not have the expected shape hprof_")),
            qPrintable(message));
        QVERIFY(!message.contains(apiKey));
        QVERIFY(!message.contains(QLatin1String("CHECKFU_")));
        QVERIFY(!nextEnabled(wizard));

        type(edit(wizard, "cursorProfileVersion"), profile);
        type(edit(wizard, "cursorReleaseDigest"), QStringLiteral("sha256:ABC"));
        message = text(wizard, "cursorError");
        QVERIFY2(message.startsWith(QLatin1String("Release digest does not have the expected shape sha256:")),
            qPrintable(message));
        QVERIFY(!nextEnabled(wizard));
    }

    void emitsTheNormalisedRequest()
    {
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.show();
        reachResult(wizard);

        QCOMPARE(requested.size(), 1);
        const auto request = requested.at(0).at(0).value<PairingRequest>();
        QCOMPARE(request.endpoint, QUrl(QStringLiteral("https://cp.example.test/api")));
        QCOMPARE(request.code, goodCode);
        QCOMPARE(request.label, QStringLiteral("my-laptop"));
        QCOMPARE(request.sandbox, SandboxChoice::Bubblewrap);
        QVERIFY(request.cursor);
        QCOMPARE(request.cursor->profileVersion, profile);
        QCOMPARE(request.cursor->releaseDigest, digest);
        QCOMPARE(request.cursor->model, QStringLiteral("gpt-5"));
        QCOMPARE(request.cursor->apiKey, apiKey);

        // Waiting: busy, no way back (that would redeem the one-use code twice), nothing to finish yet.
        QVERIFY(shown(wizard, "pairingProgress"));
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("Pairing…"));
        QVERIFY(!wizard.button(QWizard::BackButton)->isEnabled());
        QVERIFY(!wizard.currentPage()->isComplete());
        QVERIFY(!wizard.button(QWizard::CustomButton1)->isVisible());
        const QString summary = text(wizard, "pairingSummary");
        QVERIFY2(summary.contains(QLatin1String("https://cp.example.test/api")), qPrintable(summary));
        QVERIFY2(summary.contains(QLatin1String("my-laptop")), qPrintable(summary));
        QVERIFY2(summary.contains(QLatin1String("bubblewrap")), qPrintable(summary));
        QVERIFY2(summary.contains(QLatin1String("gpt-5")), qPrintable(summary));
        QVERIFY(!summary.contains(apiKey));
        QVERIFY(!summary.contains(goodCode));
        // Still masked, whatever page shows it.
        QLineEdit *key = edit(wizard, "cursorApiKey");
        QVERIFY(key);
        QCOMPARE(key->echoMode(), QLineEdit::Password);
    }

    void showsSuccess()
    {
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.show();
        reachResult(wizard);

        wizard.showResult(true, QStringLiteral("Paired as runner_abc, owned by prin_1"));
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("This machine is paired"));
        QCOMPARE(text(wizard, "resultMessage"), QStringLiteral("Paired as runner_abc, owned by prin_1"));
        QVERIFY(!shown(wizard, "pairingProgress"));
        QVERIFY(wizard.currentPage()->isComplete());
        QVERIFY(wizard.button(QWizard::FinishButton)->isEnabled());
        QVERIFY(!wizard.button(QWizard::BackButton)->isEnabled());
        QVERIFY(!wizard.button(QWizard::CustomButton1)->isVisible());
        // The spent code and the key are gone from the pages.
        QCOMPARE(fieldText(wizard, "cursorApiKey"), QString());
        QCOMPARE(fieldText(wizard, "codeEdit"), QString());
        // A second answer changes nothing.
        wizard.showResult(false, QStringLiteral("late"));
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("This machine is paired"));
        QCOMPARE(requested.size(), 1);
    }

    void retriesAfterAnError_data()
    {
        QTest::addColumn<QString>("message");
        QTest::newRow("network") << PairingRedemption::messageFor(
            ApiError::network(QStringLiteral("Connection refused")));
        QTest::newRow("server error") << PairingRedemption::messageFor(httpError(503, "unavailable"));
        QTest::newRow("invalid field") << PairingRedemption::messageFor(httpError(400, "invalid_field"));
        // Shown as text, never interpreted.
        QTest::newRow("markup") << QStringLiteral("<b>not bold</b> & <a href=\"x\">not a link</a>");
    }

    void retriesAfterAnError()
    {
        QFETCH(QString, message);

        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.show();
        reachResult(wizard);
        QCOMPARE(requested.size(), 1);

        wizard.showResult(false, message);
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("Pairing failed"));
        auto *shownMessage = child<QLabel>(wizard, "resultMessage");
        QVERIFY(shownMessage);
        QCOMPARE(shownMessage->text(), message);
        QCOMPARE(shownMessage->textFormat(), Qt::PlainText);
        QVERIFY(!shown(wizard, "pairingProgress"));
        QVERIFY(!wizard.currentPage()->isComplete());
        QAbstractButton *retry = wizard.button(QWizard::CustomButton1);
        QCOMPARE(retry->objectName(), QStringLiteral("retryButton"));
        QVERIFY(retry->isVisible());
        QCOMPARE(retry->text(), QStringLiteral("&Try Again"));
        QVERIFY(wizard.button(QWizard::BackButton)->isEnabled()); // e.g. to fix the endpoint

        retry->click();
        QCOMPARE(requested.size(), 2);
        compareRequests(requested.at(1).at(0).value<PairingRequest>(), requested.at(0).at(0).value<PairingRequest>());
        QCOMPARE(wizard.currentId(), int(PairingWizard::ResultPageId));
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("Pairing…"));
        QVERIFY(!retry->isVisible());
        QVERIFY(!wizard.button(QWizard::BackButton)->isEnabled());

        // Progress while the Runner retries on its own.
        wizard.showProgress(QStringLiteral("Cannot reach the control plane (refused). Retrying in 4 s."));
        QCOMPARE(text(wizard, "resultMessage"),
            QStringLiteral("Cannot reach the control plane (refused). Retrying in 4 s."));

        wizard.showResult(true, QString());
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("This machine is paired"));
        QVERIFY(wizard.button(QWizard::FinishButton)->isEnabled());
    }

    void goingBackAfterAnErrorSendsTheEditedRequest()
    {
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.show();
        reachResult(wizard);
        wizard.showResult(false, PairingRedemption::messageFor(ApiError::network(QStringLiteral("Host not found"))));

        while (wizard.currentId() != PairingWizard::EndpointPageId)
            wizard.button(QWizard::BackButton)->click();
        type(edit(wizard, "endpointEdit"), QStringLiteral("https://cp2.example.test"));
        nextUntil(wizard, PairingWizard::ResultPageId);
        QCOMPARE(requested.size(), 2);
        const auto request = requested.at(1).at(0).value<PairingRequest>();
        QCOMPARE(request.endpoint, QUrl(QStringLiteral("https://cp2.example.test")));
        QCOMPARE(request.code, goodCode);
    }

    void aSpentCodeLeadsBackToTheCodePage_data()
    {
        QTest::addColumn<QString>("message");
        // What the Runner reports (PairingRedemption), for each wire §2.1 code that means "this code cannot work".
        QTest::newRow("unknown") << PairingRedemption::messageFor(httpError(404, "pairing_not_found"));
        QTest::newRow("used") << PairingRedemption::messageFor(httpError(409, "pairing_already_redeemed"));
        QTest::newRow("expired") << PairingRedemption::messageFor(httpError(410, "pairing_expired"));
        QTest::newRow("bare wire code") << QStringLiteral("Pairing failed: HTTP 410 pairing_expired: gone");
    }

    void aSpentCodeLeadsBackToTheCodePage()
    {
        QFETCH(QString, message);
        QVERIFY(PairingWizard::needsNewCode(message));

        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.show();
        reachResult(wizard);
        wizard.showResult(false, message);
        QCOMPARE(text(wizard, "resultMessage"), message);
        QCOMPARE(text(wizard, "resultNextStep"),
            QStringLiteral("Ask your administrator for a new pairing code, then choose New Code."));
        QAbstractButton *retry = wizard.button(QWizard::CustomButton1);
        QVERIFY(retry->isVisible());
        QCOMPARE(retry->text(), QStringLiteral("&New Code…"));

        retry->click();
        QCOMPARE(requested.size(), 1); // nothing is sent with a code that cannot work
        QCOMPARE(wizard.currentId(), int(PairingWizard::CodePageId));
        QCOMPARE(fieldText(wizard, "codeEdit"), QString());
        QCOMPARE(text(wizard, "codeNotice"), message);
        QVERIFY(shown(wizard, "codeNotice"));
        QVERIFY(!nextEnabled(wizard));
        QVERIFY(!retry->isVisible());

        // A new code; everything else was kept.
        type(edit(wizard, "codeEdit"), QStringLiteral("CFU-0000-1111-2222"));
        QVERIFY(!shown(wizard, "codeNotice"));
        nextUntil(wizard, PairingWizard::ResultPageId);
        QCOMPARE(requested.size(), 2);
        PairingRequest expected = requested.at(0).at(0).value<PairingRequest>();
        expected.code = QStringLiteral("CFU-0000-1111-2222");
        compareRequests(requested.at(1).at(0).value<PairingRequest>(), expected);
    }

    void otherErrorsDoNotAskForANewCode()
    {
        QVERIFY(!PairingWizard::needsNewCode(
            PairingRedemption::messageFor(ApiError::network(QStringLiteral("Connection refused")))));
        QVERIFY(!PairingWizard::needsNewCode(PairingRedemption::messageFor(httpError(400, "invalid_field"))));
        QVERIFY(!PairingWizard::needsNewCode(PairingRedemption::messageFor(httpError(500, "internal"))));
    }

    void prefillsFromALink()
    {
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.setEndpoint(QUrl(QStringLiteral("https://stored.example.test")));
        const PairingLink link = PairingLink::parse(
            QStringLiteral("checkfu://pair?code=cfu-7k3m-q9xd-2hfa&endpoint=https%3A%2F%2Fcp.example.test%2F"));
        QVERIFY(link.isValid());
        wizard.prefill(link);
        wizard.show();

        // Both values are in: the first page needing the person is the machine page, which names the link's plane.
        QCOMPARE(wizard.currentId(), int(PairingWizard::MachinePageId));
        QCOMPARE(fieldText(wizard, "endpointEdit"), QStringLiteral("https://cp.example.test"));
        QCOMPARE(fieldText(wizard, "codeEdit"), goodCode);
        QVERIFY(shown(wizard, "linkNotice"));
        QVERIFY2(text(wizard, "linkNotice").contains(QLatin1String("https://cp.example.test")),
            qPrintable(text(wizard, "linkNotice")));

        // What the link filled in is still reachable with Back.
        wizard.button(QWizard::BackButton)->click();
        QCOMPARE(wizard.currentId(), int(PairingWizard::CodePageId));
        wizard.button(QWizard::NextButton)->click();

        answerDetections(true, false);
        click(wizard, "sandboxDocker");
        nextUntil(wizard, PairingWizard::ResultPageId);
        QCOMPARE(requested.size(), 1);
        const auto request = requested.at(0).at(0).value<PairingRequest>();
        QCOMPARE(request.endpoint, QUrl(QStringLiteral("https://cp.example.test")));
        QCOMPARE(request.code, goodCode);
        QCOMPARE(request.label, QStringLiteral("build-box"));
        QCOMPARE(request.sandbox, SandboxChoice::Docker);
        QVERIFY(!request.cursor);
    }

    // A look-alike host (Cyrillic "а") is shown in its ASCII form, where the difference is visible.
    void linkNoticeShowsLookAlikeHostsAsTheyAre()
    {
        const PairingLink link = PairingLink::parse(
            QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=https://cp.ex\u0430mple.com"));
        QVERIFY2(link.isValid(), qPrintable(link.error));
        PairingWizard wizard(hooks());
        wizard.prefill(link);
        const QString notice = text(wizard, "linkNotice");
        QVERIFY2(notice.contains(QLatin1String("https://cp.xn--exmple-4nf.com")), qPrintable(notice));
        QVERIFY2(!notice.contains(QStringLiteral("ex\u0430mple")), qPrintable(notice));
    }

    void prefillsWhatTheLinkLacksFromElsewhere()
    {
        const PairingLink codeOnly = PairingLink::parse(QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA"));
        QVERIFY(codeOnly.isValid());

        // The endpoint from the settings: straight to the machine page, whose notice names the control plane the
        // code goes to (a code-only link is a link all the same: any web page can hand one out).
        PairingWizard known(hooks());
        known.setEndpoint(QUrl(QStringLiteral("https://stored.example.test")));
        known.prefill(codeOnly);
        QCOMPARE(known.currentId(), int(PairingWizard::MachinePageId));
        QVERIFY(shown(known, "linkNotice"));
        QVERIFY2(text(known, "linkNotice").contains(QLatin1String("names no control plane")),
            qPrintable(text(known, "linkNotice")));
        QVERIFY2(text(known, "linkNotice").contains(QLatin1String("https://stored.example.test")),
            qPrintable(text(known, "linkNotice")));
        QCOMPARE(known.request().endpoint, QUrl(QStringLiteral("https://stored.example.test")));
        QCOMPARE(known.request().code, goodCode);

        // No endpoint anywhere: the endpoint page, with the code already filled in; the notice then names what
        // the person typed.
        PairingWizard unknown(hooks());
        unknown.prefill(codeOnly);
        QCOMPARE(unknown.currentId(), int(PairingWizard::EndpointPageId));
        QCOMPARE(fieldText(unknown, "codeEdit"), goodCode);
        QVERIFY(!shown(unknown, "endpointNotice"));
        setText(unknown, "endpointEdit", QStringLiteral("https://typed.example.test"));
        nextUntil(unknown, PairingWizard::MachinePageId);
        QVERIFY2(text(unknown, "linkNotice").contains(QLatin1String("https://typed.example.test")),
            qPrintable(text(unknown, "linkNotice")));

        // Opened from the menu (no link): no notice.
        PairingWizard manual(hooks());
        fillGood(manual);
        manual.restart();
        nextUntil(manual, PairingWizard::MachinePageId);
        QVERIFY(!shown(manual, "linkNotice"));
    }

    // On a paired machine a link's pairing says what it replaces and waits for the one button that says so: not
    // the Pair button, not Enter, not the default button. Nothing is redeemed before that click.
    void aLinkOnAPairedMachineAsksBeforeReplacing()
    {
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.setEndpoint(QUrl(QStringLiteral("https://current.example.test")));
        wizard.setCurrentPairing(QUrl(QStringLiteral("https://current.example.test")), QStringLiteral("ws_current"),
            QStringLiteral("runner_old"));
        wizard.prefill(PairingLink::parse(
            QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=https://new.example.test")));
        wizard.show();
        QCOMPARE(wizard.currentId(), int(PairingWizard::MachinePageId));
        const QString notice = text(wizard, "linkNotice");
        QVERIFY2(notice.contains(QLatin1String("https://new.example.test")), qPrintable(notice));
        QVERIFY2(notice.contains(QLatin1String("works for https://current.example.test (workspace ws_current")),
            qPrintable(notice));

        answerDetections(true, true);
        click(wizard, "sandboxBubblewrap");
        nextUntil(wizard, PairingWizard::ResultPageId);
        QCOMPARE(requested.size(), 0);
        const QString question = text(wizard, "resultMessage");
        QVERIFY2(
            question.contains(QLatin1String("This machine works for https://current.example.test (workspace "
                                            "ws_current, runner runner_old). Pair it with https://new.example.test "
                                            "instead?")),
            qPrintable(question));
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("Replace this machine's pairing?"));
        auto *replace = child<QPushButton>(wizard, "replacePairing");
        QVERIFY(replace);
        QVERIFY(replace->isVisible());
        QVERIFY(!replace->isDefault());
        QVERIFY(!replace->autoDefault());
        QVERIFY(!wizard.button(QWizard::FinishButton)->isEnabled());
        QVERIFY(!shown(wizard, "pairingProgress"));

        // Enter, on the wizard and on the focused widget, redeems nothing.
        QTest::keyClick(&wizard, Qt::Key_Return);
        QTest::keyClick(&wizard, Qt::Key_Enter);
        if (QWidget *focused = QApplication::focusWidget())
            QTest::keyClick(focused, Qt::Key_Return);
        QCOMPARE(requested.size(), 0);
        QCOMPARE(wizard.currentId(), int(PairingWizard::ResultPageId));

        // Back is still possible (nothing was redeemed); coming forward again asks again.
        wizard.button(QWizard::BackButton)->click();
        QCOMPARE(wizard.currentId(), int(PairingWizard::CursorPageId));
        wizard.button(QWizard::NextButton)->click();
        QCOMPARE(requested.size(), 0);
        QVERIFY(child<QPushButton>(wizard, "replacePairing")->isVisible());

        replace->click();
        QCOMPARE(requested.size(), 1);
        QCOMPARE(
            requested.at(0).at(0).value<PairingRequest>().endpoint, QUrl(QStringLiteral("https://new.example.test")));
        QVERIFY(!replace->isVisible());
        QCOMPARE(text(wizard, "resultHeadline"), QStringLiteral("Pairing…"));
        // A second click (or a late one) sends nothing more.
        replace->click();
        QCOMPARE(requested.size(), 1);
    }

    // The Cursor page shows the current pairing's stored tuple and offers to keep it; not kept, the summary says
    // the lane is off and the stored key is removed; kept, the request says so and the summary names the model.
    void theStoredCursorLaneIsKeptOnlyWhenChosen_data()
    {
        QTest::addColumn<bool>("keep");
        QTest::newRow("not kept") << false;
        QTest::newRow("kept") << true;
    }

    void theStoredCursorLaneIsKeptOnlyWhenChosen()
    {
        QFETCH(bool, keep);
        PairingWizard wizard(hooks());
        QSignalSpy requested(&wizard, &PairingWizard::pairRequested);
        wizard.setStoredCursor(CursorTuple { profile, digest, QStringLiteral("stored-model") });
        wizard.show();
        setText(wizard, "endpointEdit", QStringLiteral("https://cp.example.test"));
        setText(wizard, "codeEdit", goodCode);
        answerDetections(false, false);
        click(wizard, "sandboxHostProcess");
        wizard.restart();
        nextUntil(wizard, PairingWizard::CursorPageId);
        QVERIFY(shown(wizard, "storedCursor"));
        const QString stored = text(wizard, "storedCursor");
        QVERIFY2(stored.contains(profile) && stored.contains(digest) && stored.contains(QLatin1String("stored-model")),
            qPrintable(stored));
        auto *keepBox = child<QCheckBox>(wizard, "keepCursor");
        QVERIFY(keepBox);
        QVERIFY(!keepBox->isChecked()); // kept only by choice
        if (keep)
            keepBox->click();
        nextUntil(wizard, PairingWizard::ResultPageId);
        QCOMPARE(requested.size(), 1);
        const auto request = requested.at(0).at(0).value<PairingRequest>();
        QCOMPARE(request.keepCursor, keep);
        QVERIFY(!request.cursor);
        const QString summary = text(wizard, "pairingSummary");
        if (keep)
            QVERIFY2(summary.contains(QLatin1String("Cursor lane: model stored-model, kept from the current pairing")),
                qPrintable(summary));
        else
            QVERIFY2(
                summary.contains(QLatin1String("Cursor lane: off (the current pairing's Cursor API key is removed)")),
                qPrintable(summary));
    }

    void prefillShowsWhatIsWrongWithALink()
    {
        // A malformed code: the code page, with the link's error; the endpoint is in.
        const PairingLink badCode
            = PairingLink::parse(QStringLiteral("checkfu://pair?code=CFU-7K3M&endpoint=https://cp.example.test"));
        QVERIFY(!badCode.isValid());
        PairingWizard wizard(hooks());
        wizard.prefill(badCode);
        QCOMPARE(wizard.currentId(), int(PairingWizard::CodePageId));
        QCOMPARE(text(wizard, "codeNotice"), badCode.error);
        QVERIFY(shown(wizard, "codeNotice"));
        QCOMPARE(fieldText(wizard, "codeEdit"), QString());
        QCOMPARE(wizard.request().endpoint, QUrl(QStringLiteral("https://cp.example.test")));
        QVERIFY(!nextEnabled(wizard));

        // A refused endpoint: the endpoint page, even though the settings know one; never a silent substitute.
        const PairingLink badEndpoint = PairingLink::parse(
            QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=http://cp.example.test"));
        QVERIFY(!badEndpoint.isValid());
        PairingWizard other(hooks());
        other.setEndpoint(QUrl(QStringLiteral("https://stored.example.test")));
        other.prefill(badEndpoint);
        QCOMPARE(other.currentId(), int(PairingWizard::EndpointPageId));
        QCOMPARE(text(other, "endpointNotice"), badEndpoint.error);
        QVERIFY2(badEndpoint.error.contains(QLatin1String("not a loopback address")), qPrintable(badEndpoint.error));
        QCOMPARE(other.request().code, goodCode);

        // Editing the field dismisses the notice.
        type(edit(other, "endpointEdit"), QStringLiteral("https://cp.example.test"));
        QVERIFY(!shown(other, "endpointNotice"));
    }

    void closingForgetsTheSecrets()
    {
        PairingWizard wizard(hooks());
        fillGood(wizard);
        wizard.show();
        QVERIFY(!fieldText(wizard, "cursorApiKey").isEmpty());
        wizard.reject();
        QCOMPARE(fieldText(wizard, "cursorApiKey"), QString());
        QCOMPARE(fieldText(wizard, "codeEdit"), QString());
        QCOMPARE(wizard.request().code, QString());
    }

    // The real checks: whatever this machine has, each answers once, later, on the GUI thread, with a reason.
    void systemHooksAnswerAsynchronously()
    {
        const PairingWizard::Hooks system = PairingWizard::Hooks::system();
        QCOMPARE(system.defaultLabel, QSysInfo::machineHostName());
        for (const auto &detect : { system.detectDocker, system.detectBubblewrap }) {
            int calls = 0;
            QString detail;
            QThread *thread = nullptr;
            detect([&](bool, const QString &why) {
                ++calls;
                detail = why;
                thread = QThread::currentThread();
            });
            QCOMPARE(calls, 0);
            QTRY_COMPARE_WITH_TIMEOUT(calls, 1, 15000);
            QVERIFY(!detail.isEmpty());
            QCOMPARE(thread, qApp->thread());
            QTest::qWait(100);
            QCOMPARE(calls, 1);
        }
    }

    void looksLikeAProduct()
    {
        PairingWizard wizard(hooks());
        QCOMPARE(wizard.windowTitle(), QStringLiteral("Pair Checkfu Runner"));
        for (int id : wizard.pageIds()) {
            QVERIFY2(!wizard.page(id)->title().isEmpty(), qPrintable(QString::number(id)));
            QVERIFY2(!wizard.page(id)->subTitle().isEmpty(), qPrintable(QString::number(id)));
        }
        QVERIFY(wizard.minimumWidth() >= 560);
    }
};

CHECKFU_GUI_TEST_MAIN(TestPairingWizard)
#include "tst_pairingwizard.moc"
