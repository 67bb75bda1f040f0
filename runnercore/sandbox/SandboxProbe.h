#pragma once

#include <QString>

namespace runnercore {

// What sandbox tiers this machine can realise now (doctor, and the §8 provider rules).
// Each probe blocks for at most a few seconds: call it off the GUI thread. None listens on anything.
class SandboxProbe
{
public:
    struct Result
    {
        bool available = false;
        QString detail;
    };

    // bwrap exists and can create the namespaces a bubblewrap run needs.
    static Result bubblewrap();
    // A Docker daemon answers _ping on its Unix socket ($DOCKER_HOST unix://… or /var/run/docker.sock).
    static Result docker();
};

} // namespace runnercore
