// The protocol's names as enums: §1's error codes, §6.2/§6.6's reason codes and §6.1's requirements.
// Every value round-trips through its one wire name, every name the protocol lists has a value (the
// lists below are copied from shared/protocol/runner-wire-v1.md), and a code the table does not know
// is kept verbatim, never lost.
#include <runnercore/model/RunSpec.h>
#include <runnercore/model/SettleReason.h>
#include <runnercore/transport/ApiError.h>
#include <runnercore/transport/ErrorCode.h>

#include <QSet>
#include <QTest>

using namespace runnercore;

namespace {
// §1's table, column "codes used by this protocol", row by row.
const QStringList ProtocolErrorCodes {
    QStringLiteral("malformed_body"),
    QStringLiteral("unsupported_version"),
    QStringLiteral("invalid_field"),
    QStringLiteral("missing_credential"),
    QStringLiteral("invalid_credential"),
    QStringLiteral("invalid_credential_use"),
    QStringLiteral("token_expired"),
    QStringLiteral("token_superseded"),
    QStringLiteral("credential_revoked"),
    QStringLiteral("generation_revoked"),
    QStringLiteral("outside_ceiling"),
    QStringLiteral("owner_mismatch"),
    QStringLiteral("wrong_workspace"),
    QStringLiteral("pairing_not_found"),
    QStringLiteral("run_not_found"),
    QStringLiteral("pairing_already_redeemed"),
    QStringLiteral("lease_lost"),
    QStringLiteral("seq_gap"),
    QStringLiteral("already_settled"),
    QStringLiteral("unacked_events"),
    QStringLiteral("not_ready"),
    QStringLiteral("claim_outstanding"),
    QStringLiteral("no_free_slot"),
    QStringLiteral("poll_outstanding"),
    QStringLiteral("idempotency_key_reused"),
    QStringLiteral("pairing_expired"),
    QStringLiteral("batch_too_large"),
    QStringLiteral("body_too_large"),
    QStringLiteral("rate_limited"),
};

// §6.2's reason codes, then §6.6's "Reasons a Runner uses".
const QStringList ProtocolSettleReasons {
    QStringLiteral("tier_unavailable"),
    QStringLiteral("network_boundary_unavailable"),
    QStringLiteral("retention_unavailable"),
    QStringLiteral("driver_unsupported"),
    QStringLiteral("launch_kind_unsupported"),
    QStringLiteral("resources_outside_ceiling"),
    QStringLiteral("harness_model_mismatch"),
    QStringLiteral("mount_unsupported"),
    QStringLiteral("snapshot_unavailable"),
    QStringLiteral("plane_protocol_unsupported"),
    QStringLiteral("invalid_run_spec"),
    QStringLiteral("exit_nonzero"),
    QStringLiteral("exit_signal"),
    QStringLiteral("launch_failed"),
    QStringLiteral("idle_timeout"),
    QStringLiteral("deadline_exceeded"),
    QStringLiteral("cancel_requested"),
    QStringLiteral("runner_stopped"),
    QStringLiteral("harness_exited"),
    QStringLiteral("harness_protocol_error"),
    QStringLiteral("zdr_buffer_exhausted"),
    QStringLiteral("runner_restarted"),
    QStringLiteral("materialization_failed"),
};

// Each value maps to a non-empty name no other value has, and the name maps back to the value.
template <typename E> void verifyRoundTrip()
{
    QSet<QString> seen;
    const QList<E> values = wireValues<E>();
    QVERIFY(!values.isEmpty());
    for (const E value : values) {
        const QString name = wireName(value);
        QVERIFY2(!name.isEmpty(), qPrintable(QString::number(int(value))));
        QVERIFY2(!seen.contains(name), qPrintable(name));
        seen.insert(name);
        QVERIFY2(fromWireName<E>(name) == value, qPrintable(name));
        QVERIFY(WireValue<E>(value) == value);
        QCOMPARE(WireValue<E>(value).text(), name);
        QVERIFY(WireValue<E>::fromWire(name) == value);
    }
}

// The table names exactly what the protocol lists: nothing missing, nothing invented.
template <typename E> void verifyTableIs(const QStringList &protocol)
{
    for (const QString &name : protocol)
        QVERIFY2(fromWireName<E>(name).has_value(), qPrintable(name + QStringLiteral(" is missing from the table")));
    QStringList names;
    for (const E value : wireValues<E>())
        names.append(wireName(value));
    QCOMPARE(names, protocol);
}

ApiError answer(int status, const QString &code)
{
    return ApiError::fromHttpAnswer(status,
        QJsonObject { { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("type"), QStringLiteral("conflict") }, { QStringLiteral("code"), code },
                { QStringLiteral("message"), QStringLiteral("human readable") },
                { QStringLiteral("request_id"), QStringLiteral("req_1") } } } });
}
} // namespace

class TestErrorCodes : public QObject
{
    Q_OBJECT

private slots:
    void errorCodesRoundTrip() { verifyRoundTrip<ErrorCode>(); }
    void errorCodesAreTheProtocolsList() { verifyTableIs<ErrorCode>(ProtocolErrorCodes); }
    void settleReasonsRoundTrip() { verifyRoundTrip<SettleReason>(); }
    void settleReasonsAreTheProtocolsList() { verifyTableIs<SettleReason>(ProtocolSettleReasons); }

    void requirementsRoundTrip()
    {
        verifyRoundTrip<SandboxTier>();
        verifyRoundTrip<NetworkPolicy>();
        verifyRoundTrip<RetentionMode>();
        // §6.1's requirements, each with exactly the values it lists.
        verifyTableIs<SandboxTier>({ QStringLiteral("host_process"), QStringLiteral("container") });
        verifyTableIs<NetworkPolicy>({ QStringLiteral("none"), QStringLiteral("unrestricted") });
        verifyTableIs<RetentionMode>({ QStringLiteral("durable"), QStringLiteral("ephemeral_zdr") });
    }

    void knownCodeFromAnAnswer()
    {
        const ApiError error = answer(409, QStringLiteral("seq_gap"));
        QCOMPARE(error.code, QStringLiteral("seq_gap"));
        QVERIFY(error.errorCode() == ErrorCode::SeqGap);
        QVERIFY(error.is(ErrorCode::SeqGap));
        QVERIFY(error.is(409, ErrorCode::SeqGap));
        QVERIFY(!error.is(400, ErrorCode::SeqGap)); // the status counts too
        QVERIFY(!error.is(409, ErrorCode::LeaseLost));
        QCOMPARE(error.describe(), QStringLiteral("HTTP 409 seq_gap: human readable (request req_1)"));
    }

    void unknownCodeIsKeptVerbatim_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("a newer server's code") << QStringLiteral("quota_exceeded");
        QTest::newRow("another spelling") << QStringLiteral("SEQ_GAP");
        QTest::newRow("almost a code") << QStringLiteral("seq_gap ");
        QTest::newRow("not ASCII") << QStringLiteral("s\u00e9q_gap");
    }

    void unknownCodeIsKeptVerbatim()
    {
        QFETCH(QString, code);
        const ApiError error = answer(409, code);
        QCOMPARE(error.kind, ApiError::Kind::Http);
        QCOMPARE(error.code, code);
        QVERIFY(!error.errorCode().has_value());
        for (const ErrorCode known : wireValues<ErrorCode>())
            QVERIFY2(!error.is(known), qPrintable(QString(wireName(known))));
        QVERIFY2(error.describe().contains(code), qPrintable(error.describe()));
        QVERIFY(!error.retryable()); // a 409 is not retried, whatever its code
        QVERIFY(!fromWireName<SettleReason>(code).has_value());
    }

    void noCodeHasNoValue()
    {
        const ApiError error = ApiError::fromHttpAnswer(503, QJsonObject {});
        QVERIFY(error.code.isEmpty());
        QVERIFY(!error.errorCode().has_value());
        QVERIFY(error.retryable());
        QVERIFY(!ApiError::network(QStringLiteral("refused")).errorCode().has_value());
    }
};

QTEST_GUILESS_MAIN(TestErrorCodes)
#include "tst_errorcodes.moc"
