#include "UnpairDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int DialogWidthPx = 460;
}

UnpairDialog::UnpairDialog(const QString &runnerId, const QUrl &endpoint, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Unpair This Machine"));
    setObjectName(QStringLiteral("unpairDialog"));
    setMinimumWidth(DialogWidthPx);

    auto *layout = new QVBoxLayout(this);
    QString server = endpoint.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
    if (server.endsWith(QLatin1Char('/'))) // StripTrailingSlash keeps a root path's "/"
        server.chop(1);
    // Worded after the wire protocol: sign-off ends the presence, but only an administrator's
    // revocation (DELETE /v1/runners/{id}/credential, an admin call) removes the runner.
    m_explanation = new QLabel(
        tr("<p>Unpairing stops the runner and makes this machine forget runner <b>%1</b> at %2: its pairing "
           "and its credential are removed from this machine. To use this machine again, pair it with a new "
           "code.</p>"
           "<p>The control plane is not told: a runner cannot deregister itself. It keeps runner %1 on "
           "record, and its credential stays valid there, until an administrator revokes it.</p>")
            .arg(runnerId.toHtmlEscaped(), server.toHtmlEscaped()),
        this);
    m_explanation->setObjectName(QStringLiteral("explanation"));
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setWordWrap(true);
    layout->addWidget(m_explanation);

    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("result"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    m_result->setVisible(false);
    layout->addWidget(m_result);

    auto *buttons = new QDialogButtonBox(this);
    m_unpair = buttons->addButton(tr("Unpair"), QDialogButtonBox::DestructiveRole);
    m_unpair->setObjectName(QStringLiteral("unpair"));
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    // Enter must not unpair.
    m_unpair->setAutoDefault(false);
    m_cancel->setDefault(true);
    layout->addWidget(buttons);

    connect(m_unpair, &QPushButton::clicked, this, [this] {
        m_busy = true;
        m_unpair->setEnabled(false);
        m_cancel->setEnabled(false);
        m_result->setStyleSheet({});
        m_result->setText(tr("Stopping the runner and forgetting the pairing…"));
        m_result->setVisible(true);
        emit unpairRequested();
    });
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);
}

void UnpairDialog::showResult(bool ok, const QString &message)
{
    m_busy = false;
    m_result->setVisible(true);
    m_cancel->setEnabled(true);
    if (ok) {
        m_result->setStyleSheet({});
        m_result->setText(message.isEmpty() ? tr("This machine is no longer paired.") : message);
        m_unpair->setVisible(false);
        m_cancel->setText(tr("Close"));
    } else {
        m_result->setStyleSheet(QStringLiteral("color: #b3261e;"));
        m_result->setText(message.isEmpty() ? tr("Unpairing failed.") : message);
        m_unpair->setEnabled(true);
        m_unpair->setText(tr("Try again"));
    }
}
