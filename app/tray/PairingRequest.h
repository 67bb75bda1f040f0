#pragma once

#include "RunnerConfig.h"

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
    SandboxChoice sandbox = SandboxChoice::NotGiven;
    std::optional<CursorLane> cursor; // all four fields, or none
};

Q_DECLARE_METATYPE(PairingRequest)
