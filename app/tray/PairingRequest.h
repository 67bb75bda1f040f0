#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QMetaType>
#include <QString>
#include <QUrl>

#include <optional>

// What the pairing wizard collected; RunnerController::pair() redeems it.
struct PairingRequest
{
    QUrl endpoint;
    QString code; // normalised; a one-use secret: never log it in full
    QString label;
    runnercore::SandboxChoice sandbox = runnercore::SandboxChoice::NotGiven;
    std::optional<runnercore::CursorLane> cursor; // all four fields, or none
    // No new lane: the current pairing's stored tuple and key go to the new pairing. Otherwise they are removed
    // once the new pairing is made (the Cursor key belongs to one pairing).
    bool keepCursor = false;
};

Q_DECLARE_METATYPE(PairingRequest)
