<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
<context>
    <name>AcpDriver</name>
    <message>
        <source>the agent wrote a line of more than %1 MiB (%2 bytes so far) to stdout; the run was stopped before it could exhaust memory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent refused initialize: %1 (code %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no protocol version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ACP protocol version %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a protocol version that is not an integer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent answered initialize with %1; this Runner speaks ACP protocol version %2 only, so it disconnected</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent refused session/new: %1 (code %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent answered session/new without a sessionId</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent answered session/prompt with an error: %1 (code %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent answered session/prompt without a stopReason</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a prompt directive without a turn_id or content blocks was ignored</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a prompt directive (turn %1) arrived after close and was ignored</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a decision for approval %1, which is not pending, was ignored</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the decision for approval %1 names option "%2", which was not offered (offered: %3); ignored</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a decision for approval %1 has the outcome "%2"; it must be selected or cancelled; ignored</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown sessionId</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>session/request_permission needs at least one option</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent asked for permission without offering any option</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"line" and "limit" must be non-negative integers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"content" must be a string</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>method not found: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent wrote a line that is not a JSON-RPC message to stdout (%1 bytes, %2); it was skipped</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent keeps writing lines that are not JSON-RPC messages; further ones are skipped without a warning</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the agent exited</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>Admission</name>
    <message>
        <source>The run spec is invalid: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The run asks for tier %1, but no sandbox provider is enabled on this machine.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The run asks for tier %1, but the enrollment ceiling allows none of this machine's sandbox providers (%2).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>tier</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>network</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>retention</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>launch kind</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>harness driver</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message>
        <source>refusing to send to %1: only https, or http to a loopback address</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>refused redirect to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the response body is larger than 8 MiB</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>HTTP %1 redirect without a Location</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>HTTP %1 answer is not a JSON object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>HTTP %1 without the protocol's error body</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>network error: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>protocol error: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>aborted</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>BubblewrapProvider</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the bubblewrap provider cannot realise network %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the harness %1 is not visible in the sandbox (only the system and the run's directory are)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>CodePage</name>
    <message>
        <source>Pairing code</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Paste the one-use code your administrator created for you. It looks like CFU-XXXX-XXXX-XXXX and works only for a few minutes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Code:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Spaces, line breaks, lower case and missing hyphens do not matter: the code is tidied up as you paste it.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>CredentialStore</name>
    <message>
        <source>Protected credential storage is not supported on Windows yet: the Runner cannot keep its bootstrap credential safely on this machine. Run it on macOS or Linux, or use a Workspace Runner key in CHECKFU_RUNNER_TOKEN.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No credential account was given (the endpoint or runner id is missing): pair this Runner again.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>CursorKeyStore</name>
    <message>
        <source>The Cursor API key is empty.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>CursorPage</name>
    <message>
        <source>Cursor (optional)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Lets this machine run Cursor agent sessions in Docker with your own Cursor API key. Fill in all four fields, or leave all of them empty to skip this.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Pair</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile &amp;version:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Release &amp;digest:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>as your administrator named it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The API key goes only into the container of a Cursor run that matches these values, never to the control plane. It is not shown again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Release digest</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1. Fill them in, or clear the other fields to skip the Cursor lane.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DiagnosticsDialog</name>
    <message>
        <source>Checkfu Runner Diagnostics</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The checks have not run yet.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy to clipboard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Running the checks…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hint: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner %1 diagnostics</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No checks ran.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>1 check failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 checks failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>1 warning</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>1 skipped</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 skipped</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All checks passed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DockerCommand</name>
    <message>
        <source>docker exited with code %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>docker did not answer within %1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the docker command is not installed (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the docker command crashed</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DockerProcess</name>
    <message>
        <source>cannot run docker: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>docker create failed: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DockerProvider</name>
    <message>
        <source>not checked yet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no Docker daemon answers: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the run has no image or no argv</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the mount target %1 cannot be used with docker (it must be absolute, without ':' or ',')</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the environment variable %1 contains a line break, which docker cannot pass</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot write the container's environment file in %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <source>no endpoint configured</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>pass --endpoint URL or set CHECKFU_API_URL</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>check the URL, your network, and that the control plane is running</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 serves protocol %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 does not serve protocol %2 (it serves %3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>update checkfu-runner or the control plane</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the server sent no Date header; skew unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this clock is %1 s off the server's</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>enable network time synchronisation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>within 60 s of the server (%1 s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Workspace Runner key from CHECKFU_RUNNER_TOKEN</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this machine is not paired</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>get a pairing code and run checkfu-runner start --code CFU-…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no credential</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>runner %1: not readable from the %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>runner %1, stored in the %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a running Runner (pid %1) holds this credential; not exchanging, so it is not fenced as a clone</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>its state is in its log and the tray; stop it to run this check</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>needs the exchange</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no answer within 10 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>check the control plane</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>workload identity for runner %1, generation %2</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n live presence(s) visible</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>cannot list presences: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>enabled: runs use this machine's own network, with no container isolation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disabled by --sandbox or CHECKFU_ENABLE_HOST_PROCESS_SANDBOX</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>complete: profile %1, model %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not configured (no Cursor variables, and no Cursor tuple in the settings file with its key stored)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 at once</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 ms for runs that set none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not set: only runs that set one have one</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>EndpointPage</name>
    <message>
        <source>Control plane</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The address of your Checkfu control plane. Your administrator gives it to you with the pairing code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Endpoint URL:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only https:// is accepted, except plain http:// to this machine itself (127.0.0.1, [::1] or localhost), such as a local development control plane.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The endpoint</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>EndpointPolicy</name>
    <message>
        <source>%1 is empty. Give the control plane URL, e.g. %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 contains a space, control character or backslash. Give a plain URL such as %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not a URL. Give the control plane URL with its scheme, e.g. %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 uses the scheme '%2'; only https:// is supported (http:// only for a loopback host). Give a URL such as %3.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 contains a user name or password (the part before '@'). Remove it: the Runner authenticates with its own credential.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 contains a query ('?') or fragment ('#'). Give only the scheme, host, port and path, e.g. %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has an IPv6 address without its closing ']'. Write it as e.g. http://[::1]:8080.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has text after the IPv6 address. Write it as e.g. http://[::1]:8080.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has no host. Give the control plane URL, e.g. %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has an invalid port. Use a number from 1 to 65535, or leave the port out.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 uses plain http:// with the host '%2', which is not a loopback address. Use https://, or http:// only with 127.0.0.1 (any 127.x.x.x), [::1] or localhost.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not a valid URL. Check the host name and path, e.g. %2.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>FileCredentialStore</name>
    <message>
        <source>No directory was configured for the file credential store.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot create the directory %1 for the file credential store: check that you may write there.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot create the credential directory %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential directory %1 is a symbolic link; the Runner only uses a real directory. Remove the link (rm %1) and store the credential again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential directory %1 is not a directory. Move it away and store the credential again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot open the credential directory %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot inspect the credential directory %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential directory %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it, or fix it with: chown %3 %1 &amp;&amp; chmod 700 %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential directory %1 has mode %2, so other users can reach it; it must be 0700. Fix it with: chmod 700 %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No credential is stored for this Runner in %1: pair it again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 is a symbolic link; the Runner never follows links to a secret. Remove it (rm %1) and pair again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot open the credential file %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot inspect the credential file %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 is not a regular file. Remove it (rm %1) and pair again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it (rm %1) and pair again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 has mode %2; it must be 0600 (readable only by you). If you did not change it on purpose, treat the credential as exposed: remove the file and pair again. Otherwise fix it with: chmod 600 %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read the credential file %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential file %1 is damaged or from an unknown version. Remove it (rm %1) and pair again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot create a file in the credential directory %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write the credential file in %1: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot put the credential file %1 in place: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot remove the credential file %1: %2.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>FreedesktopNotifications</name>
    <message>
        <source>Open</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HarnessDriver</name>
    <message>
        <source>the directive "%1" does not apply to a %2 run; ignored</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HostProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HostProcessProvider</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not owned by this user</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot make %1 private: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: not a relative path</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: escapes the workspace</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: names no file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: cannot create it: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>uploaded_project file %1: cannot write it: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the harness argv is empty</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 was not found on the harness PATH (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not an executable file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the run id %1 cannot name a directory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the host-process provider does not support %1 mounts</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>IdentityGrant</name>
    <message>
        <source>is empty</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is later than expires_at</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>InstanceLock</name>
    <message>
        <source>Another Checkfu Runner (pid %1) is already running with this machine's credential. Stop it first (or use the tray); two at once would get the credential revoked as a clone.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Another Checkfu Runner is already running with this machine's credential (lock %1). Stop it first.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>JsonReader</name>
    <message>
        <source>field '%1' %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is missing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected a string or null)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is out of range</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected an integer)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is out of range (%1, expected %2 to %3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected true or false)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not an RFC 3339 time</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected an object or null)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected an array)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not an identifier of the form %1&lt;32 hex digits&gt;</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>JsonRpcConnection</name>
    <message>
        <source>not JSON (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a JSON array (batches are not part of ACP)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"method" is not a string</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"method" must be a non-empty string</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"params" must be an object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a response to no request of ours</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an error without a message</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>KeychainCredentialStore</name>
    <message>
        <source>No credential is stored for this Runner in the system keychain (Secret Service): pair it again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no session D-Bus, DBUS_SESSION_BUS_ADDRESS is not set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot connect to the session D-Bus at %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>nothing provides %1 on the session D-Bus</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 could not be started on the session D-Bus</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the keyring has no default collection yet (no login keyring)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No system keychain answered (Secret Service: %1): unlock or start your keyring (e.g. gnome-keyring or KWallet), or opt in to the file store with --credential-store file.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access: the keyring holding the Runner's credential is locked. Unlock it (e.g. in Seahorse, or by logging in to your desktop session) and try again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access (%1): unlock your keyring, or allow Checkfu Runner when it asks, and try again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The system keychain (Secret Service) could not read the Runner's credential (%1). Check your keyring (e.g. with Seahorse or secret-tool) and try again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The system keychain (Secret Service) could not store the Runner's credential (%1). Check your keyring (e.g. with Seahorse or secret-tool), or opt in to the file store with --credential-store file.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The system keychain (Secret Service) could not remove the Runner's credential (%1). Remove the entry for service "%2" by hand (e.g. in Seahorse) if it is still there.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>MachinePage</name>
    <message>
        <source>This machine</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The name you and your administrator will see for this machine in Checkfu. It defaults to the host name.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>e.g. alice-laptop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Machine &amp;label:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This pairing link is for the control plane %1. Runs it sends will execute on this machine: continue only if you expected this link from your administrator.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The machine label is empty. Give a name that tells you which machine this is, e.g. %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The machine label contains a line break or another control character. Use a plain one-line name.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>This machine was disconnected from Checkfu</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>An administrator revoked this machine's credential. Pair it again with a new code to reconnect.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner stopped: a copy of this setup was running</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Two Runner processes used this machine's credential, so Checkfu revoked it. Pair this machine again with a new code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an agent session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Approval needed in session %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1
Decide in the Checkfu dashboard.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All runs finished</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner finished its runs and signed off.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner finished its runs and is signing off.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner finished its runs and takes no new work until you resume it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner is back online</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the control plane</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Connected to %1 again after %2 offline.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>1 minute</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 minutes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 hours</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine is paired with Checkfu</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner is connecting and will take work when ready.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pairing failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code was not accepted. Ask for a new code.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>OneshotDriver</name>
    <message>
        <source>the harness wrote invalid UTF-8 to %1; it was replaced with U+FFFD</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>PairingCode</name>
    <message>
        <source>The pairing code is empty. Paste the code your admin gave you; it looks like CFU-XXXX-XXXX-XXXX.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code must start with CFU- (it looks like CFU-XXXX-XXXX-XXXX). Copy the whole code your admin gave you.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code contains %1, which is not used in pairing codes (allowed: 0-9 and A-Z without I, L, O, U). Check the code your admin gave you.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code has %n character(s) after CFU-, expected 12. Check that you copied the whole code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code has a hyphen in the wrong place. Groups are four characters: CFU-XXXX-XXXX-XXXX.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(invalid pairing code)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>PairingLink</name>
    <message>
        <source>The pairing link is too long to be a pairing link. Copy the link your administrator gave you again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This is not a Checkfu pairing link; it should look like %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This Checkfu link is not a pairing link (it should start with checkfu://pair?). Ask your administrator for a pairing link.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing link gives the code or the endpoint more than once. Ask your administrator for a new link.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The link's endpoint</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing link has no pairing code (code=…). Paste the code your administrator gave you instead.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The link's pairing code is not valid: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>PairingRedemption</name>
    <message>
        <source>is too short to be a credential</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This pairing code does not exist. Check it for typos, or ask your administrator for a new one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This pairing code has already been used. Codes work once; ask your administrator for a new one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This pairing code has expired. Codes last only a few minutes; ask your administrator for a new one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The control plane did not accept the pairing request: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not reach the control plane to redeem the code (%1). Check the endpoint and your network, then try again; the code was not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pairing failed: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>PairingWizard</name>
    <message>
        <source>Docker %1 answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no Docker daemon answers (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pair Checkfu Runner</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Redeeming the pairing code with %1…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;New Code…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Control plane: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Machine label: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>Sandbox: %1</translation>
    </message>
    <message>
        <source>Cursor lane: model %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cursor lane: off</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RegistryRunAutostart</name>
    <message>
        <source>Cannot change %1.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ResultPage</name>
    <message>
        <source>Pairing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code is redeemed with the control plane.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pairing…</source>
        <translation>Koppelt…</translation>
    </message>
    <message>
        <source>This machine is paired</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Runner is connecting to the control plane.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose Finish to close this window; Checkfu Runner keeps running in the tray.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pairing failed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ask your administrator for a new pairing code, then choose New Code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose Try Again, or go Back to change the endpoint or another detail.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Done: the control plane knows this machine now.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The control plane did not pair this machine.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunExecution</name>
    <message>
        <source>the sandbox provider %1 is not enabled on this machine</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunSpecParser</name>
    <message>
        <source>is empty</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>does not have the shape %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not pinned by digest (expected name@sha256:&lt;64 hex&gt; or a local image id sha256:&lt;64 hex&gt;; a tag alone is refused)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is empty (a program to run is required)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>contains a NUL character</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is empty (the program to run)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not a valid environment variable name</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>brings the number of uploaded files above the limit of %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>appears twice in the same mount</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not valid base64</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>brings the uploaded files above the limit of %1 bytes in total</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>contains a backslash</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is absolute</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has an empty segment</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has a '..' segment</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has a '.' segment</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is not an absolute path</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has the wrong type (expected a content block object)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>Runner</name>
    <message>
        <source>No control plane endpoint: pass --endpoint URL or set CHECKFU_API_URL.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This computer's clock is %1 s %2 the control plane's. Token times are corrected for it, but set the clock right (enable network time).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>behind</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ahead of</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No sandbox provider is enabled (see --sandbox and CHECKFU_ENABLE_HOST_PROCESS_SANDBOX): this Runner stays connected but takes no work.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pairing code was not used: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Redeeming pairing code %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Cannot reach the control plane (%1). Retrying in %2 s.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Paired, but the credential could not be stored (%1). This session works; after a restart you will need a new pairing code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine is not paired yet. Ask your administrator for a pairing code, then run checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine is paired with %1, not %2. Leave out --endpoint to use the pairing, or pair with a code for %2 (it replaces the current pairing).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine's credential (runner %1) is not in the %2. Pair again with a new code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Connected; taking no new work</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Connected to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Workspace key in CHECKFU_RUNNER_TOKEN is dead; ask for a new one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stopping: signing off</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Stopping: finishing %n owned run(s), then signing off</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message>
        <source>Stopped and signed off</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunnerConfig</name>
    <message>
        <source>endpoint: not given (stored settings apply)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>endpoint: %1 (from %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>pairing code: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>label: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>when a daemon answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>sandbox: %1; host-process %2, bubblewrap %3, docker %4</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no sandbox provider is on: this Runner will not claim work</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>docker unrestricted network: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>allowed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not allowed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>idle timeout: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cursor lane: profile %1, release %2, model %3, API key set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cursor lane: not configured</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>workspace token: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>credential store: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>slots: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunnerHost</name>
    <message>
        <source>The Cursor API key could not be read, so the Cursor lane is off: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Cursor API key could not be stored: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>configuration</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine is paired with %1 as “%2”.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunnerPreferences</name>
    <message>
        <source>Cannot write the settings file %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>release digest</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The profile version must look like hprof_&lt;32 lower-case hex digits&gt;@&lt;version&gt;, e.g. hprof_0123456789abcdef0123456789abcdef@1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The release digest must look like sha256:&lt;64 lower-case hex digits&gt;.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RunnerSettings</name>
    <message>
        <source>cannot write the settings file %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SandboxPage</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Where runs execute on this machine. Pick the strongest isolation this machine offers.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not checked.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Bubblewrap</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs execute as processes of this machine in their own namespaces, with a read-only system and no network unless the run allows it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Docker only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs execute in containers. The Runner refuses to start when no Docker daemon answers.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Host process</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No isolation. Runs execute as your user, can read and change your files, and use this machine's own network without limits. Choose it only for work you would run yourself.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;None on this machine</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs execute only in Docker containers, while a Docker daemon answers; without one this machine takes no work.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Except with Docker only, Docker containers are used as well whenever a Docker daemon answers.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Check &amp;Again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Detect Docker and bubblewrap again, e.g. after installing or starting them.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose where runs execute to continue.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checking whether this machine offers it…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Detected on this machine.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Detected: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not available on this machine.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SandboxProbe</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bwrap did not answer within 3 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bwrap can create namespaces</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>DOCKER_HOST %1 is not a Unix socket; only local daemons are used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no Docker daemon socket at %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the Docker daemon at %1 does not answer: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the Docker daemon at %1 did not answer _ping</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a Docker daemon answers at %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SandboxSet</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bwrap did not answer within %1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot run bwrap: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>--sandbox bubblewrap: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>--sandbox docker: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bubblewrap (host process in its own namespaces, read-only system, network none or unrestricted)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>bubblewrap unavailable: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>docker %1 (containers, network %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none or unrestricted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>docker off: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>host-process (no isolation, the machine's own network)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no sandbox provider enabled</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Checkfu Runner Settings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The sandbox tier, slots, idle timeout and the Cursor lane take effect the next time the runner starts.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Automatic: host process, and Docker when a daemon answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Host process: no isolation, this machine's own network</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Bubblewrap: host process in its own namespaces, and Docker when a daemon answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Docker only: refuse to start without a Docker daemon</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No host tier: Docker only, when a daemon answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox tier</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>How many runs this machine takes at once (1 to %1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Slots</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A turn that shows no activity for this long ends and its run fails. Empty: no timeout unless the run sets its own.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Idle timeout</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cursor lane</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fill in all four fields, or none. The API key is kept in the keychain, never in the settings file; leave it empty to keep the stored one.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Release digest</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove the Cursor lane: all four fields and the stored key.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Notify me when</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a run waits for my approval</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this machine's credential was revoked</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>another copy of this runner used its credential</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>draining has finished</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the runner is connected again after being offline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Start Checkfu Runner when I log in</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Trace</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Debug</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Info (default)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Errors only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Log level</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (not recognised)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the stored key will be removed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stored in the keychain</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 (up to three decimals), or empty for none.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SingleInstance</name>
    <message>
        <source>Cannot create %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Another Checkfu Runner is starting and holds %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot reach the running Checkfu Runner at %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The running Checkfu Runner did not accept the request (no answer within %1 s).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Checkfu Runner</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <source>Last contact</source>
        <translation>Letzter Kontakt</translation>
    </message>
    <message>
        <source>Next retry</source>
        <translation>Nächster Versuch</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Waiting for your decision</source>
        <translation>Wartet auf Ihre Entscheidung</translation>
    </message>
    <message>
        <source>not paired</source>
        <translation>nicht gekoppelt</translation>
    </message>
</context>
<context>
    <name>TrayCommandLine</name>
    <message>
        <source>Checkfu Runner in the system tray: runs Checkfu agent sessions on this machine. The flags and environment variables are those of `checkfu-runner start`.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Control plane URL (https, or http to loopback).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine's display label. Default: the host name.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox tier: host-process, bubblewrap, docker or none.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Where the credential is kept: keychain (default) or file.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs at once (1-64). Default: 1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>trace, debug, info (default), warn or error.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A checkfu://pair?code=…&amp;endpoint=… link: opens the pairing wizard with it filled in.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>checkfu-tray takes no arguments besides its flags and a checkfu://pair link; see --help.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>--log-level: use trace, debug, info, warn or error.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>TrayHooks</name>
    <message>
        <source>1 run is in flight. Quitting lets it finish first and takes no new work. Quit when it is done?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 runs are in flight. Quitting lets them finish first and takes no new work. Quit when they are done?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Quit Checkfu Runner</source>
        <translation>Checkfu Runner beenden</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>This desktop shows no system tray (on GNOME it needs the AppIndicator extension), so Checkfu Runner keeps this window open instead. Closing it quits the Runner.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Pair this machine…</source>
        <translation>Diesen Rechner koppeln…</translation>
    </message>
    <message>
        <source>Open dashboard</source>
        <translation>Dashboard öffnen</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Diagnostics…</source>
        <translation>Diagnose…</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Protokoll anzeigen</translation>
    </message>
    <message>
        <source>Unpair…</source>
        <translation>Entkoppeln…</translation>
    </message>
    <message>
        <source>Quit Checkfu Runner</source>
        <translation>Checkfu Runner beenden</translation>
    </message>
</context>
<context>
    <name>TrayPresentation</name>
    <message>
        <source>1 run</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>1 approval waiting</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 approvals waiting</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not running</source>
        <translation>Läuft nicht</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
    <message>
        <source>Pairing…</source>
        <translation>Koppelt…</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindet…</translation>
    </message>
    <message>
        <source>Reconnecting after sleep…</source>
        <translation>Verbindet nach dem Ruhezustand neu…</translation>
    </message>
    <message>
        <source>Offline — reconnecting</source>
        <translation>Offline — verbindet neu</translation>
    </message>
    <message>
        <source>Offline — retrying at %1</source>
        <translation>Offline — neuer Versuch um %1</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>Führt %1 aus</translation>
    </message>
    <message>
        <source>Ready — waiting for work</source>
        <translation>Bereit — wartet auf Arbeit</translation>
    </message>
    <message>
        <source>Draining — %1 left</source>
        <translation>Leert sich — %1 übrig</translation>
    </message>
    <message>
        <source>Draining — taking no new work</source>
        <translation>Leert sich — nimmt keine neue Arbeit an</translation>
    </message>
    <message>
        <source>Stopping — %1 left</source>
        <translation>Hält an — %1 übrig</translation>
    </message>
    <message>
        <source>Stopping — signing off</source>
        <translation>Hält an — meldet sich ab</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Not paired</source>
        <translation>Nicht gekoppelt</translation>
    </message>
    <message>
        <source>Revoked — this machine's pairing was withdrawn</source>
        <translation>Widerrufen — die Kopplung dieses Rechners wurde zurückgezogen</translation>
    </message>
    <message>
        <source>Stopped — this pairing is in use on another machine (clone)</source>
        <translation>Angehalten — diese Kopplung wird auf einem anderen Rechner verwendet (Klon)</translation>
    </message>
    <message>
        <source>Stopped by an error</source>
        <translation>Wegen eines Fehlers angehalten</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Waiting for your decision: %1</source>
        <translation>Wartet auf Ihre Entscheidung: %1</translation>
    </message>
    <message>
        <source>Endpoint: %1</source>
        <translation>Endpunkt: %1</translation>
    </message>
    <message>
        <source>Machine: %1</source>
        <translation>Rechner: %1</translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>Sandbox: %1</translation>
    </message>
    <message>
        <source>Last contact: %1</source>
        <translation>Letzter Kontakt: %1</translation>
    </message>
    <message>
        <source>Next retry: %1</source>
        <translation>Nächster Versuch: %1</translation>
    </message>
    <message>
        <source>Resume taking work</source>
        <translation>Wieder Arbeit annehmen</translation>
    </message>
    <message>
        <source>Drain — finish runs, take no new work</source>
        <translation>Leeren — Läufe beenden, keine neue Arbeit</translation>
    </message>
    <message>
        <source>Stop now — cancel %1</source>
        <translation>Sofort anhalten — %1 abbrechen</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Hält an…</translation>
    </message>
    <message>
        <source>Stop runner</source>
        <translation>Runner anhalten</translation>
    </message>
    <message>
        <source>Start runner</source>
        <translation>Runner starten</translation>
    </message>
    <message>
        <source>an agent's request</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Decide: %1</source>
        <translation>Entscheiden: %1</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>not known yet</source>
        <translation>noch unbekannt</translation>
    </message>
    <message>
        <source>now (connected since %1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keiner</translation>
    </message>
    <message>
        <source>%1 of %2 busy</source>
        <translation>%1 von %2 belegt</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>UnpairDialog</name>
    <message>
        <source>Unpair This Machine</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;Unpairing stops the runner and makes this machine forget runner &lt;b&gt;%1&lt;/b&gt; at %2: its pairing and its credential are removed from this machine. To use this machine again, pair it with a new code.&lt;/p&gt;&lt;p&gt;The control plane is not told: a runner cannot deregister itself. It keeps runner %1 on record, and its credential stays valid there, until an administrator revokes it.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unpair</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stopping the runner and forgetting the pairing…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This machine is no longer paired.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unpairing failed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>Unpairing</name>
    <message>
        <source>This machine is not paired; nothing to forget.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not remove the credential: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The credential was removed, but %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Forgot runner %1 (credential removed from the %2). An administrator can revoke it on the server side.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>WorkloadIdentity</name>
    <message>
        <source>This machine was disconnected from Checkfu by an administrator. Its credential has been forgotten; pair it again with a new code to reconnect.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Two Runner processes used this machine's credential at once (a copied or cloned setup), so Checkfu revoked it. The credential has been forgotten; pair this machine again with a new code.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The control plane does not recognise this machine's credential. Pair the machine again (checkfu-runner unpair, then start --code).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The control plane refused the Runner's identity: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>WorkspaceFileAccess</name>
    <message>
        <source>the run's workspace is not available</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"path" must be an absolute path inside %1; got "%2"</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is outside the run's workspace %2; refused</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is a symbolic link that points nowhere; refused</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 leads outside the run's workspace through a symbolic link; refused</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is a directory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is larger than %2 MiB, the most the Runner reads for an agent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot create the directory of %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>XdgAutostart</name>
    <message>
        <source>Cannot start %1 at login: its path contains a control character.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Checkfu Runner</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Runs Checkfu coding-agent sessions on this machine</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Checkfu Runner</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>