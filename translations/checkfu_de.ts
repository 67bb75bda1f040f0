<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Admission</name>
    <message>
        <source>The run spec is invalid: %1</source>
        <translation>Die Laufspezifikation ist ungültig: %1</translation>
    </message>
    <message>
        <source>The run asks for tier %1, but no sandbox provider is enabled on this machine.</source>
        <translation>Der Lauf verlangt die Stufe %1, aber auf diesem Rechner ist kein Sandbox-Anbieter aktiviert.</translation>
    </message>
    <message>
        <source>The run asks for tier %1, but the enrollment ceiling allows none of this machine&apos;s sandbox providers (%2).</source>
        <translation>Der Lauf verlangt die Stufe %1, aber die Registrierungsobergrenze erlaubt keinen der Sandbox-Anbieter dieses Rechners (%2).</translation>
    </message>
    <message>
        <source>tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>retention</source>
        <translation>Aufbewahrung</translation>
    </message>
    <message>
        <source>launch kind</source>
        <translation>Startart</translation>
    </message>
    <message>
        <source>harness driver</source>
        <translation>Harness-Treiber</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The run asks for %1 %2; this machine offers: %3 (providers considered: %4).</source>
        <translation>Der Lauf verlangt %1 %2; dieser Rechner bietet: %3 (berücksichtigte Anbieter: %4).</translation>
    </message>
    <message>
        <source>This machine could realise it, but its enrollment ceiling does not allow it.</source>
        <translation>Dieser Rechner könnte es umsetzen, aber seine Registrierungsobergrenze erlaubt es nicht.</translation>
    </message>
    <message>
        <source>%1 not available</source>
        <translation>%1 nicht verfügbar</translation>
    </message>
    <message>
        <source>The run asks for %1; this machine allows (within its enrollment ceiling) %2.</source>
        <translation>Der Lauf verlangt %1; dieser Rechner erlaubt (innerhalb seiner Registrierungsobergrenze) %2.</translation>
    </message>
    <message>
        <source>%1 takes at most %2</source>
        <translation>%1 erlaubt höchstens %2</translation>
    </message>
    <message>
        <source>The run asks for %1 mount(s) of kind %2; within its enrollment ceiling this machine offers mount kinds: %3 (%4).</source>
        <translation>Der Lauf verlangt %1 Einbindung(en) der Art %2; innerhalb seiner Registrierungsobergrenze bietet dieser Rechner die Einbindungsarten: %3 (%4).</translation>
    </message>
    <message>
        <source>The run asks for model %1 from provider %2 (kind %3) with harness profile %4 and release digest %5</source>
        <translation>Der Lauf verlangt das Modell %1 vom Anbieter %2 (Art %3) mit dem Harness-Profil %4 und dem Release-Digest %5</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>; this machine has no Cursor lane configured.</source>
        <translation>; auf diesem Rechner ist keine Cursor-Spur eingerichtet.</translation>
    </message>
    <message>
        <source>; this machine&apos;s Cursor lane is model %1 from provider &apos;cursor&apos; with harness profile %2 and release digest %3.</source>
        <translation>; die Cursor-Spur dieses Rechners ist das Modell %1 vom Anbieter &apos;cursor&apos; mit dem Harness-Profil %2 und dem Release-Digest %3.</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>Image %1</translation>
    </message>
    <message>
        <source>a launch of kind %1, not a container</source>
        <translation>ein Start der Art %1, kein Container</translation>
    </message>
    <message>
        <source>; the Cursor key goes only into a container of the harness image pinned to that release digest: launch.image must be &lt;name&gt;@%1 (or the local image id %1), but the run asks for %2.</source>
        <translation>; der Cursor-Schlüssel gelangt nur in einen Container des Harness-Images, das auf diesen Release-Digest festgelegt ist: launch.image muss &lt;Name&gt;@%1 (oder die lokale Image-ID %1) sein, aber der Lauf verlangt %2.</translation>
    </message>
    <message>
        <source>; this machine&apos;s Cursor lane matches, but no enabled sandbox provider allowed by the enrollment ceiling advertises that harness-owned model.</source>
        <translation>; die Cursor-Spur dieses Rechners passt, aber kein aktivierter, von der Registrierungsobergrenze erlaubter Sandbox-Anbieter bietet dieses Harness-eigene Modell an.</translation>
    </message>
    <message>
        <source>The run keeps zero data (ephemeral_zdr) but asks for a writable memory mount, whose changes would outlive it.</source>
        <translation>Der Lauf behält keine Daten (ephemeral_zdr), verlangt aber eine beschreibbare memory-Einbindung, deren Änderungen ihn überdauern würden.</translation>
    </message>
    <message>
        <source>The run keeps zero data (ephemeral_zdr) but asks for its workspace to be kept (snapshot.on_settle).</source>
        <translation>Der Lauf behält keine Daten (ephemeral_zdr), verlangt aber, dass sein Arbeitsbereich aufbewahrt wird (snapshot.on_settle).</translation>
    </message>
    <message>
        <source>The run asks for its workspace to be kept (snapshot.on_settle); within its enrollment ceiling this machine keeps no snapshots.</source>
        <translation>Der Lauf verlangt, dass sein Arbeitsbereich aufbewahrt wird (snapshot.on_settle); innerhalb seiner Registrierungsobergrenze bewahrt dieser Rechner keine Snapshots auf.</translation>
    </message>
    <message>
        <source>The run starts from a snapshot; within its enrollment ceiling this machine restores no snapshots.</source>
        <translation>Der Lauf beginnt mit einem Snapshot; innerhalb seiner Registrierungsobergrenze stellt dieser Rechner keine Snapshots wieder her.</translation>
    </message>
    <message>
        <source>The run asks for the platform protocol %1 (plane_mcp %2); within its enrollment ceiling this machine relays: %3.</source>
        <translation>Der Lauf verlangt das Plattformprotokoll %1 (plane_mcp %2); innerhalb der Obergrenze seiner Registrierung leitet dieser Rechner weiter: %3.</translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message>
        <source>refusing to send to %1: only https, or http to a loopback address</source>
        <translation>Senden an %1 verweigert: nur https oder http an eine Loopback-Adresse</translation>
    </message>
    <message>
        <source>the response body is larger than 8 MiB</source>
        <translation>der Antwortinhalt ist größer als 8 MiB</translation>
    </message>
    <message>
        <source>HTTP %1 redirect without a Location</source>
        <translation>HTTP-%1-Umleitung ohne Location</translation>
    </message>
    <message>
        <source>HTTP %1 answer is not a JSON object</source>
        <translation>HTTP-%1-Antwort ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>HTTP %1 without the protocol&apos;s error body</source>
        <translation>HTTP %1 ohne den Fehlerinhalt des Protokolls</translation>
    </message>
    <message>
        <source>refused a redirect to %1: only redirects within the endpoint&apos;s origin (%2) are followed</source>
        <translation>Umleitung nach %1 verweigert: nur Umleitungen innerhalb des Ursprungs des Endpunkts (%2) werden befolgt</translation>
    </message>
    <message>
        <source>refused redirect to %1: more than %2 redirects</source>
        <translation>Umleitung nach %1 verweigert: mehr als %2 Umleitungen</translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>network error: %1</source>
        <translation>Netzwerkfehler: %1</translation>
    </message>
    <message>
        <source>protocol error: %1</source>
        <translation>Protokollfehler: %1</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>AppLanguage</name>
    <message>
        <source>Language of the messages: %1. Default: the system&apos;s language.</source>
        <translation>Sprache der Meldungen: %1. Standard: die Sprache des Systems.</translation>
    </message>
    <message>
        <source>--lang: there is no language &apos;%1&apos;; use one of %2.</source>
        <translation>--lang: Die Sprache &apos;%1&apos; gibt es nicht; verwenden Sie eine von %2.</translation>
    </message>
</context>
<context>
    <name>Autostart</name>
    <message>
        <source>Cannot start %1 at login: it is not an absolute path.</source>
        <translation>%1 kann nicht bei der Anmeldung gestartet werden: Es ist kein absoluter Pfad.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot remove %1: %2</source>
        <translation>%1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>Cannot change %1.</source>
        <translation>%1 kann nicht geändert werden.</translation>
    </message>
    <message>
        <source>Cannot start %1 at login: its path contains a control character.</source>
        <translation>%1 kann nicht bei der Anmeldung gestartet werden: Sein Pfad enthält ein Steuerzeichen.</translation>
    </message>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
    </message>
    <message>
        <source>Runs Checkfu coding-agent sessions on this machine</source>
        <translation>Führt Checkfu-Coding-Agent-Sitzungen auf diesem Rechner aus</translation>
    </message>
</context>
<context>
    <name>BubblewrapProvider</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap ist nicht installiert (apt install bubblewrap)</translation>
    </message>
    <message>
        <source>the bubblewrap provider cannot realise network %1</source>
        <translation>der Bubblewrap-Anbieter kann das Netzwerk %1 nicht umsetzen</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>der Arbeitsbereich von Lauf %1 wurde nicht vorbereitet</translation>
    </message>
    <message>
        <source>the harness %1 is not visible in the sandbox: bubblewrap shows only the system directories, the run&apos;s own directory and the read-only paths the person allowed. To run it, add %2 to the bubblewrap read-only paths (--bubblewrap-read-only, %3, or Settings &gt; Bubblewrap read-only paths)</source>
        <translation>die Harness %1 ist in der Sandbox nicht sichtbar: Bubblewrap zeigt nur die Systemverzeichnisse, das eigene Verzeichnis des Laufs und die freigegebenen schreibgeschützten Pfade. Um sie auszuführen, fügen Sie %2 zu den schreibgeschützten Bubblewrap-Pfaden hinzu (--bubblewrap-read-only, %3 oder Einstellungen &gt; Schreibgeschützte Bubblewrap-Pfade)</translation>
    </message>
    <message>
        <source>cannot pass bwrap its options: %1</source>
        <translation>die Optionen können bwrap nicht übergeben werden: %1</translation>
    </message>
    <message>
        <source>the workspace root %1 cannot be shown in the bubblewrap sandbox: it would cover or lie in %2; use a root target such as /workspace</source>
        <translation>das Wurzelverzeichnis des Arbeitsbereichs %1 kann in der Bubblewrap-Sandbox nicht gezeigt werden: es würde %2 verdecken oder darin liegen; verwenden Sie ein Wurzelziel wie /workspace</translation>
    </message>
</context>
<context>
    <name>CodePage</name>
    <message>
        <source>Pairing code</source>
        <translation>Kopplungscode</translation>
    </message>
    <message>
        <source>Paste the one-use code your administrator created for you. It looks like CFU-XXXX-XXXX-XXXX and works only for a few minutes.</source>
        <translation>Fügen Sie den Einmalcode ein, den Ihr Administrator für Sie erstellt hat. Er sieht aus wie CFU-XXXX-XXXX-XXXX und gilt nur wenige Minuten.</translation>
    </message>
    <message>
        <source>&amp;Code:</source>
        <translation>&amp;Code:</translation>
    </message>
    <message>
        <source>Spaces, line breaks, lower case and missing hyphens do not matter: the code is tidied up as you paste it.</source>
        <translation>Leerzeichen, Zeilenumbrüche, Kleinbuchstaben und fehlende Bindestriche spielen keine Rolle: Der Code wird beim Einfügen bereinigt.</translation>
    </message>
    <message>
        <source>Pairing recovery is not supported on Windows: if this machine loses its pairing, ask your administrator for a new pairing code.</source>
        <translation>Die Wiederherstellung einer Kopplung wird unter Windows nicht unterstützt: Verliert dieser Rechner seine Kopplung, bitten Sie Ihren Administrator um einen neuen Kopplungscode.</translation>
    </message>
</context>
<context>
    <name>ConfigKeys</name>
    <message>
        <source>control plane URL, as --endpoint (the flag wins)</source>
        <translation>URL des Steuerungsservers, wie --endpoint (das Flag hat Vorrang)</translation>
    </message>
    <message>
        <source>a Workspace Runner key, used instead of a pairing (a secret)</source>
        <translation>ein Workspace-Runner-Schlüssel, der statt einer Kopplung verwendet wird (geheim)</translation>
    </message>
    <message>
        <source>true or false: turns the host-process tier on or off, whatever --sandbox says</source>
        <translation>true oder false: schaltet die Host-Prozess-Stufe ein oder aus, unabhängig von --sandbox</translation>
    </message>
    <message>
        <source>a run&apos;s idle timeout in milliseconds when its spec names none</source>
        <translation>das Leerlauf-Zeitlimit eines Laufs in Millisekunden, wenn seine Spezifikation keines nennt</translation>
    </message>
    <message>
        <source>set (to anything): docker runs may ask for an unrestricted network</source>
        <translation>gesetzt (auf einen beliebigen Wert): Docker-Läufe dürfen ein uneingeschränktes Netzwerk verlangen</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s harness profile version (all four Cursor variables or none)</source>
        <translation>die Harness-Profilversion der Cursor-Spur (alle vier Cursor-Variablen oder keine)</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s harness release digest</source>
        <translation>der Harness-Release-Digest der Cursor-Spur</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s model</source>
        <translation>das Modell der Cursor-Spur</translation>
    </message>
    <message>
        <source>the Cursor lane&apos;s API key (a secret)</source>
        <translation>der API-Schlüssel der Cursor-Spur (geheim)</translation>
    </message>
    <message>
        <source>as --bubblewrap-read-only (the flag wins)</source>
        <translation>wie --bubblewrap-read-only (das Flag hat Vorrang)</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>Umgebung:</translation>
    </message>
    <message>
        <source>a one-use pairing code to redeem, as --code (the flag wins; a secret)</source>
        <translation>ein Einmal-Kopplungscode zum Einlösen, wie --code (der Schalter hat Vorrang; geheim)</translation>
    </message>
</context>
<context>
    <name>ConfigResolver</name>
    <message>
        <source>the settings file holds a Cursor tuple, but the credential store (%1) has no Cursor API key; the Cursor lane is off</source>
        <translation>die Einstellungsdatei enthält ein Cursor-Tupel, aber der Zugangsdatenspeicher (%1) hat keinen Cursor-API-Schlüssel; die Cursor-Spur ist aus</translation>
    </message>
    <message>
        <source>the Cursor API key could not be read, so the Cursor lane is off: %1</source>
        <translation>der Cursor-API-Schlüssel konnte nicht gelesen werden, daher ist die Cursor-Spur aus: %1</translation>
    </message>
    <message>
        <source>the Cursor tuple in the settings file cannot be used, so the Cursor lane is off: %1</source>
        <translation>das Cursor-Tupel in der Einstellungsdatei ist nicht verwendbar, daher ist die Cursor-Spur aus: %1</translation>
    </message>
</context>
<context>
    <name>ControlPlaneLink</name>
    <message>
        <source>%1 — not opened: %2</source>
        <translation>%1 – nicht geöffnet: %2</translation>
    </message>
    <message>
        <source>%1 (on %2)</source>
        <translation>%1 (auf %2)</translation>
    </message>
    <message>
        <source>the control plane&apos;s link is too long</source>
        <translation>der Link des Steuerungsservers ist zu lang</translation>
    </message>
    <message>
        <source>the control plane&apos;s link is not a valid address</source>
        <translation>der Link des Steuerungsservers ist keine gültige Adresse</translation>
    </message>
    <message>
        <source>it is a plain http:// link to %1; only https:// (or http:// to this machine) is opened</source>
        <translation>es ist ein unverschlüsselter http://-Link zu %1; geöffnet wird nur https:// (oder http:// zu diesem Rechner)</translation>
    </message>
    <message>
        <source>it is a %1: link; only https:// (or http:// to this machine) is opened</source>
        <translation>es ist ein %1:-Link; geöffnet wird nur https:// (oder http:// zu diesem Rechner)</translation>
    </message>
    <message>
        <source>the control plane&apos;s link names no host, or carries a user name</source>
        <translation>der Link des Steuerungsservers nennt keinen Host oder enthält einen Benutzernamen</translation>
    </message>
</context>
<context>
    <name>CredentialStore</name>
    <message>
        <source>No credential account was given (the endpoint or runner id is missing): pair this Runner again.</source>
        <translation>Es wurde kein Zugangsdaten-Konto angegeben (Endpunkt oder Runner-ID fehlt): Koppeln Sie diesen Runner erneut.</translation>
    </message>
    <message>
        <source>Protected credential storage is not supported on Windows yet: the Runner cannot keep its bootstrap credential safely on this machine. Run it on macOS or Linux, or use a Workspace Runner key in %1.</source>
        <translation>Geschützte Zugangsdatenspeicherung wird unter Windows noch nicht unterstützt: Der Runner kann seine Start-Zugangsdaten auf diesem Rechner nicht sicher aufbewahren. Führen Sie ihn unter macOS oder Linux aus, oder verwenden Sie einen Workspace-Runner-Schlüssel in %1.</translation>
    </message>
</context>
<context>
    <name>CursorKeyStore</name>
    <message>
        <source>The Cursor API key is empty.</source>
        <translation>Der Cursor-API-Schlüssel ist leer.</translation>
    </message>
    <message>
        <source>This machine is not paired, and the Cursor API key belongs to a pairing: pair this machine first.</source>
        <translation>Dieser Rechner ist nicht gekoppelt, und der Cursor-API-Schlüssel gehört zu einer Kopplung: Koppeln Sie diesen Rechner zuerst.</translation>
    </message>
</context>
<context>
    <name>CursorPage</name>
    <message>
        <source>Cursor (optional)</source>
        <translation>Cursor (optional)</translation>
    </message>
    <message>
        <source>Lets this machine run Cursor agent sessions in Docker with your own Cursor API key. Fill in all four fields, or leave all of them empty to skip this.</source>
        <translation>Ermöglicht diesem Rechner, Cursor-Agentensitzungen in Docker mit Ihrem eigenen Cursor-API-Schlüssel auszuführen. Füllen Sie alle vier Felder aus, oder lassen Sie alle leer, um dies zu überspringen.</translation>
    </message>
    <message>
        <source>&amp;Pair</source>
        <translation>&amp;Koppeln</translation>
    </message>
    <message>
        <source>Profile &amp;version:</source>
        <translation>Profil&amp;version:</translation>
    </message>
    <message>
        <source>Release &amp;digest:</source>
        <translation>Release-&amp;Digest:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>as your administrator named it</source>
        <translation>wie Ihr Administrator es benannt hat</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>The API key goes only into the container of a Cursor run that matches these values, never to the control plane. It is not shown again.</source>
        <translation>Der API-Schlüssel gelangt nur in den Container eines Cursor-Laufs, der zu diesen Werten passt, niemals zum Steuerungsserver. Er wird nicht wieder angezeigt.</translation>
    </message>
    <message>
        <source>Profile version</source>
        <translation>Profilversion</translation>
    </message>
    <message>
        <source>Release digest</source>
        <translation>Release-Digest</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1. Fill them in, or clear the other fields to skip the Cursor lane.</source>
        <translation>Die Cursor-Spur braucht alle vier Felder oder keines; es fehlt: %1. Füllen Sie sie aus, oder leeren Sie die anderen Felder, um die Cursor-Spur auszulassen.</translation>
    </message>
    <message>
        <source>K&amp;eep this Cursor lane and its stored API key for the new pairing</source>
        <translation>Diese Cursor-Spur und ihren gespeicherten API-Schlüssel für die neue Kopplung &amp;behalten</translation>
    </message>
    <message>
        <source>The current pairing has a Cursor lane: profile version %1, release digest %2, model %3, with an API key in the credential store. Unless you keep it, the key is removed and the lane is off once this machine is paired again.</source>
        <translation>Die aktuelle Kopplung hat eine Cursor-Spur: Profilversion %1, Release-Digest %2, Modell %3, mit einem API-Schlüssel im Zugangsdatenspeicher. Wenn Sie sie nicht behalten, wird der Schlüssel entfernt und die Spur ist aus, sobald dieser Rechner neu gekoppelt ist.</translation>
    </message>
</context>
<context>
    <name>DiagnosticsDialog</name>
    <message>
        <source>Checkfu Runner Diagnostics</source>
        <translation>Checkfu Runner – Diagnose</translation>
    </message>
    <message>
        <source>The checks have not run yet.</source>
        <translation>Die Prüfungen sind noch nicht gelaufen.</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Copy to clipboard</source>
        <translation>In die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Running the checks…</source>
        <translation>Die Prüfungen laufen…</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>In die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Checkfu Runner %1 diagnostics</source>
        <translation>Checkfu Runner %1 – Diagnose</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>No checks ran.</source>
        <translation>Es liefen keine Prüfungen.</translation>
    </message>
    <message>
        <source>1 check failed</source>
        <translation>1 Prüfung fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 checks failed</source>
        <translation>%1 Prüfungen fehlgeschlagen</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
    <message>
        <source>1 skipped</source>
        <translation>1 übersprungen</translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>%1 übersprungen</translation>
    </message>
    <message>
        <source>All checks passed</source>
        <translation>Alle Prüfungen bestanden</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>.</source>
        <translation>.</translation>
    </message>
</context>
<context>
    <name>DockerCommand</name>
    <message>
        <source>docker exited with code %1</source>
        <translation>docker wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <source>docker did not answer within %1 s</source>
        <translation>docker hat nicht innerhalb von %1 s geantwortet</translation>
    </message>
    <message>
        <source>the docker command is not installed (%1)</source>
        <translation>der Befehl docker ist nicht installiert (%1)</translation>
    </message>
    <message>
        <source>the docker command crashed</source>
        <translation>der Befehl docker ist abgestürzt</translation>
    </message>
</context>
<context>
    <name>EndpointPage</name>
    <message>
        <source>Control plane</source>
        <translation>Steuerungsserver</translation>
    </message>
    <message>
        <source>The address of your Checkfu control plane. Your administrator gives it to you with the pairing code.</source>
        <translation>Die Adresse Ihres Checkfu-Steuerungsservers. Ihr Administrator gibt sie Ihnen zusammen mit dem Kopplungscode.</translation>
    </message>
    <message>
        <source>&amp;Endpoint URL:</source>
        <translation>&amp;Endpunkt-URL:</translation>
    </message>
    <message>
        <source>Only https:// is accepted, except plain http:// to this machine itself (127.0.0.1, [::1] or localhost), such as a local development control plane.</source>
        <translation>Nur https:// wird akzeptiert, außer einfachem http:// zu diesem Rechner selbst (127.0.0.1, [::1] oder localhost), etwa für einen lokalen Entwicklungs-Steuerungsserver.</translation>
    </message>
    <message>
        <source>The endpoint</source>
        <translation>Der Endpunkt</translation>
    </message>
</context>
<context>
    <name>EndpointPolicy</name>
    <message>
        <source>%1 is empty. Give the control plane URL, e.g. %2.</source>
        <translation>%1 ist leer. Geben Sie die URL des Steuerungsservers an, z. B. %2.</translation>
    </message>
    <message>
        <source>%1 contains a space, control character or backslash. Give a plain URL such as %2.</source>
        <translation>%1 enthält ein Leerzeichen, ein Steuerzeichen oder einen Backslash. Geben Sie eine einfache URL wie %2 an.</translation>
    </message>
    <message>
        <source>%1 is not a URL. Give the control plane URL with its scheme, e.g. %2.</source>
        <translation>%1 ist keine URL. Geben Sie die URL des Steuerungsservers mit ihrem Schema an, z. B. %2.</translation>
    </message>
    <message>
        <source>%1 uses the scheme &apos;%2&apos;; only https:// is supported (http:// only for a loopback host). Give a URL such as %3.</source>
        <translation>%1 verwendet das Schema &apos;%2&apos;; nur https:// wird unterstützt (http:// nur für einen Loopback-Host). Geben Sie eine URL wie %3 an.</translation>
    </message>
    <message>
        <source>%1 contains a user name or password (the part before &apos;@&apos;). Remove it: the Runner authenticates with its own credential.</source>
        <translation>%1 enthält einen Benutzernamen oder ein Passwort (den Teil vor &apos;@&apos;). Entfernen Sie ihn: Der Runner authentifiziert sich mit seinen eigenen Zugangsdaten.</translation>
    </message>
    <message>
        <source>%1 contains a query (&apos;?&apos;) or fragment (&apos;#&apos;). Give only the scheme, host, port and path, e.g. %2.</source>
        <translation>%1 enthält eine Abfrage (&apos;?&apos;) oder ein Fragment (&apos;#&apos;). Geben Sie nur Schema, Host, Port und Pfad an, z. B. %2.</translation>
    </message>
    <message>
        <source>%1 has an IPv6 address without its closing &apos;]&apos;. Write it as e.g. http://[::1]:8080.</source>
        <translation>%1 hat eine IPv6-Adresse ohne schließendes &apos;]&apos;. Schreiben Sie sie z. B. als http://[::1]:8080.</translation>
    </message>
    <message>
        <source>%1 has text after the IPv6 address. Write it as e.g. http://[::1]:8080.</source>
        <translation>%1 hat Text nach der IPv6-Adresse. Schreiben Sie sie z. B. als http://[::1]:8080.</translation>
    </message>
    <message>
        <source>%1 has no host. Give the control plane URL, e.g. %2.</source>
        <translation>%1 hat keinen Host. Geben Sie die URL des Steuerungsservers an, z. B. %2.</translation>
    </message>
    <message>
        <source>%1 has an invalid port. Use a number from 1 to 65535, or leave the port out.</source>
        <translation>%1 hat einen ungültigen Port. Verwenden Sie eine Zahl von 1 bis 65535, oder lassen Sie den Port weg.</translation>
    </message>
    <message>
        <source>%1 uses plain http:// with the host &apos;%2&apos;, which is not a loopback address. Use https://, or http:// only with 127.0.0.1 (any 127.x.x.x), [::1] or localhost.</source>
        <translation>%1 verwendet einfaches http:// mit dem Host &apos;%2&apos;, der keine Loopback-Adresse ist. Verwenden Sie https://, oder http:// nur mit 127.0.0.1 (beliebiges 127.x.x.x), [::1] oder localhost.</translation>
    </message>
    <message>
        <source>%1 is not a valid URL. Check the host name and path, e.g. %2.</source>
        <translation>%1 ist keine gültige URL. Prüfen Sie Hostnamen und Pfad, z. B. %2.</translation>
    </message>
</context>
<context>
    <name>FileTree</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not owned by this user</source>
        <translation>%1 gehört nicht diesem Benutzer</translation>
    </message>
    <message>
        <source>cannot make %1 private: %2</source>
        <translation>%1 kann nicht privat gemacht werden: %2</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a normalised path</source>
        <translation>%1 ist kein normalisierter Pfad</translation>
    </message>
    <message>
        <source>%1 is not a relative path to a file</source>
        <translation>%1 ist kein relativer Pfad zu einer Datei</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot create it: %2</source>
        <translation>%1: kann nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot write it: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 already exists</source>
        <translation>%1 existiert bereits</translation>
    </message>
    <message>
        <source>cannot open %1 (a symbolic link on its way, or not a directory): %2</source>
        <translation>%1 kann nicht geöffnet werden (ein symbolischer Link auf dem Weg oder kein Verzeichnis): %2</translation>
    </message>
</context>
<context>
    <name>FreedesktopNotifications</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>GitCheckout</name>
    <message>
        <source>git is not installed (apt install git)</source>
        <translation>git ist nicht installiert (apt install git)</translation>
    </message>
    <message>
        <source>git init failed: %1</source>
        <translation>git init ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>git remote add failed: %1</source>
        <translation>git remote add ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cannot create the git cache: %1</source>
        <translation>Der git-Cache kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>another run holds the git cache of this repository for more than %1 s</source>
        <translation>ein anderer Lauf hält den git-Cache dieses Repositorys seit mehr als %1 s</translation>
    </message>
    <message>
        <source>Waiting for another run&apos;s fetch of this repository</source>
        <translation>Warten auf den Abruf dieses Repositorys durch einen anderen Lauf</translation>
    </message>
    <message>
        <source>commit %1 is not in %2</source>
        <translation>Commit %1 ist nicht in %2</translation>
    </message>
    <message>
        <source>Fetching %1</source>
        <translation>%1 wird abgerufen</translation>
    </message>
    <message>
        <source>cannot fetch commit %1 from %2: %3</source>
        <translation>Commit %1 kann nicht von %2 abgerufen werden: %3</translation>
    </message>
    <message>
        <source>cannot fetch %1 from %2: %3</source>
        <translation>%1 kann nicht von %2 abgerufen werden: %3</translation>
    </message>
    <message>
        <source>Copying %1 from the git cache</source>
        <translation>%1 wird aus dem git-Cache kopiert</translation>
    </message>
    <message>
        <source>the git cache of %1 is empty</source>
        <translation>der git-Cache von %1 ist leer</translation>
    </message>
    <message>
        <source>cannot copy commit %1 from the git cache: %2</source>
        <translation>Commit %1 kann nicht aus dem git-Cache kopiert werden: %2</translation>
    </message>
    <message>
        <source>Checking out %1</source>
        <translation>%1 wird ausgecheckt</translation>
    </message>
    <message>
        <source>cannot check out %1: %2</source>
        <translation>%1 kann nicht ausgecheckt werden: %2</translation>
    </message>
    <message>
        <source>HEAD is %1 after checkout, not %2</source>
        <translation>HEAD ist nach dem Auschecken %1, nicht %2</translation>
    </message>
    <message>
        <source>cannot read .gitmodules in %1: %2</source>
        <translation>.gitmodules in %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>a submodule in .gitmodules asks to run a command on update</source>
        <translation>ein Submodul in .gitmodules verlangt, beim Aktualisieren einen Befehl auszuführen</translation>
    </message>
    <message>
        <source>the submodule path &apos;%1&apos; in .gitmodules is refused (option-like, absolute or leaving the work tree)</source>
        <translation>der Submodul-Pfad &apos;%1&apos; in .gitmodules wird abgelehnt (wie eine Option, absolut oder außerhalb des Arbeitsverzeichnisses)</translation>
    </message>
    <message>
        <source>leaves its server</source>
        <translation>verlässt seinen Server</translation>
    </message>
    <message>
        <source>the URL of submodule %1 (%2) %3</source>
        <translation>die URL des Submoduls %1 (%2): %3</translation>
    </message>
    <message>
        <source>Fetching submodules</source>
        <translation>Submodule werden abgerufen</translation>
    </message>
    <message>
        <source>cannot fetch the submodules: %1</source>
        <translation>Die Submodule können nicht abgerufen werden: %1</translation>
    </message>
    <message>
        <source>the repository takes %1 MiB, more than the run&apos;s disk_mib (%2 MiB)</source>
        <translation>das Repository belegt %1 MiB, mehr als disk_mib des Laufs (%2 MiB)</translation>
    </message>
    <message>
        <source>stopped while fetching</source>
        <translation>beim Abrufen angehalten</translation>
    </message>
    <message>
        <source>git gave no reason</source>
        <translation>git hat keinen Grund genannt</translation>
    </message>
    <message>
        <source>the repository is larger than the run&apos;s disk_mib (%1 MiB)</source>
        <translation>das Repository ist größer als disk_mib des Laufs (%1 MiB)</translation>
    </message>
    <message>
        <source>cannot start git: %1</source>
        <translation>git kann nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>git lfs ls-files failed: %1</source>
        <translation>git lfs ls-files ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the LFS objects take %1 MiB (twice: store and work tree), more than the run&apos;s disk_mib (%2 MiB)</source>
        <translation>die LFS-Objekte belegen %1 MiB (doppelt: Speicher und Arbeitsverzeichnis), mehr als disk_mib des Laufs (%2 MiB)</translation>
    </message>
    <message>
        <source>Downloading LFS objects</source>
        <translation>LFS-Objekte werden heruntergeladen</translation>
    </message>
    <message>
        <source>git lfs checkout failed: %1</source>
        <translation>git lfs checkout ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n LFS object(s) are still pointers after checkout</source>
        <translation>
            <numerusform>%n LFS-Objekt ist nach dem Auschecken noch ein Zeiger</numerusform>
            <numerusform>%n LFS-Objekte sind nach dem Auschecken noch Zeiger</numerusform>
        </translation>
    </message>
    <message>
        <source>git lfs install failed: %1</source>
        <translation>git lfs install ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cannot make the git directory of the mount: %1</source>
        <translation>das git-Verzeichnis des Mounts kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>the submodule %1 cannot be reached inside the work tree: %2</source>
        <translation>das Submodul %1 ist innerhalb des Arbeitsverzeichnisses nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>cannot find the git directory of the submodule %1: %2</source>
        <translation>das git-Verzeichnis des Submoduls %1 ist nicht zu finden: %2</translation>
    </message>
    <message>
        <source>the git directory of the submodule %1 is not under the mount&apos;s .git/modules</source>
        <translation>das git-Verzeichnis des Submoduls %1 liegt nicht unter .git/modules des Mounts</translation>
    </message>
    <message>
        <source>cannot list the files of %1: %2</source>
        <translation>die Dateien von %1 können nicht aufgelistet werden: %2</translation>
    </message>
</context>
<context>
    <name>GitUrl</name>
    <message>
        <source>is empty (give the repository&apos;s https:// URL)</source>
        <translation>ist leer (geben Sie die https://-URL des Repositorys an)</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation>ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>starts with &apos;-&apos;, which git would read as an option</source>
        <translation>beginnt mit &apos;-&apos;, was git als Option lesen würde</translation>
    </message>
    <message>
        <source>contains a space, control character or backslash</source>
        <translation>enthält ein Leerzeichen, Steuerzeichen oder einen Backslash</translation>
    </message>
    <message>
        <source>is not an https:// URL (local paths, scp-like and ext:: addresses are refused)</source>
        <translation>ist keine https://-URL (lokale Pfade, scp-artige und ext::-Adressen werden abgelehnt)</translation>
    </message>
    <message>
        <source>uses the scheme &apos;%1&apos;; only https:// is allowed (http:// only for a loopback host)</source>
        <translation>verwendet das Schema &apos;%1&apos;; nur https:// ist erlaubt (http:// nur für einen Loopback-Host)</translation>
    </message>
    <message>
        <source>contains a user name or password (the part before &apos;@&apos;): give it as the mount&apos;s credential instead</source>
        <translation>enthält einen Benutzernamen oder ein Passwort (den Teil vor &apos;@&apos;): geben Sie sie stattdessen als Zugangsdaten der Einbindung an</translation>
    </message>
    <message>
        <source>contains a query (&apos;?&apos;) or fragment (&apos;#&apos;)</source>
        <translation>enthält eine Abfrage (&apos;?&apos;) oder ein Fragment (&apos;#&apos;)</translation>
    </message>
    <message>
        <source>has no host</source>
        <translation>hat keinen Host</translation>
    </message>
    <message>
        <source>uses plain http:// with the host &apos;%1&apos;, which is not a loopback address; use https://</source>
        <translation>verwendet einfaches http:// mit dem Host &apos;%1&apos;, der keine Loopback-Adresse ist; verwenden Sie https://</translation>
    </message>
    <message>
        <source>is not a valid URL</source>
        <translation>ist keine gültige URL</translation>
    </message>
    <message>
        <source>is empty (give null or a full ref such as refs/heads/main)</source>
        <translation>ist leer (geben Sie null oder eine vollständige Ref wie refs/heads/main an)</translation>
    </message>
    <message>
        <source>is longer than 1024 characters</source>
        <translation>ist länger als 1024 Zeichen</translation>
    </message>
    <message>
        <source>is not a full ref (it must start with refs/, e.g. refs/heads/main)</source>
        <translation>ist keine vollständige Ref (sie muss mit refs/ beginnen, z. B. refs/heads/main)</translation>
    </message>
    <message>
        <source>contains a character a ref cannot hold (space, control, ~ ^ : ? * [ or \)</source>
        <translation>enthält ein Zeichen, das eine Ref nicht enthalten kann (Leerzeichen, Steuerzeichen, ~ ^ : ? * [ oder \)</translation>
    </message>
    <message>
        <source>is not a well-formed ref name</source>
        <translation>ist kein wohlgeformter Ref-Name</translation>
    </message>
</context>
<context>
    <name>HostProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2</source>
        <translation>%1 wurde durch Signal %2 beendet</translation>
    </message>
    <message>
        <source>%1 exited with status %2 before starting it</source>
        <translation>%1 wurde mit Status %2 beendet, bevor es gestartet wurde</translation>
    </message>
</context>
<context>
    <name>HostProcessProvider</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>the harness argv is empty</source>
        <translation>die argv der Harness ist leer</translation>
    </message>
    <message>
        <source>%1 was not found on the harness PATH (%2)</source>
        <translation>%1 wurde im PATH der Harness nicht gefunden (%2)</translation>
    </message>
    <message>
        <source>%1 is not an executable file</source>
        <translation>%1 ist keine ausführbare Datei</translation>
    </message>
    <message>
        <source>the run id %1 cannot name a directory</source>
        <translation>die Lauf-ID %1 kann kein Verzeichnis benennen</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>der Arbeitsbereich von Lauf %1 wurde nicht vorbereitet</translation>
    </message>
    <message>
        <source>checkfu-run-reaper is missing (looked next to %1): reinstall the Runner</source>
        <translation>checkfu-run-reaper fehlt (gesucht neben %1): Installieren Sie den Runner neu</translation>
    </message>
</context>
<context>
    <name>HttpResponseParser</name>
    <message>
        <source>the server&apos;s answer is not HTTP/1.x</source>
        <translation>die Antwort des Servers ist kein HTTP/1.x</translation>
    </message>
    <message>
        <source>the server switched protocols without being asked</source>
        <translation>der Server hat ungefragt das Protokoll gewechselt</translation>
    </message>
    <message>
        <source>the response&apos;s header is larger than %1 KiB</source>
        <translation>der Header der Antwort ist größer als %1 KiB</translation>
    </message>
    <message>
        <source>the response&apos;s header has more than %1 fields</source>
        <translation>der Header der Antwort hat mehr als %1 Felder</translation>
    </message>
    <message>
        <source>the server sent a malformed header line</source>
        <translation>der Server hat eine fehlerhafte Headerzeile gesendet</translation>
    </message>
    <message>
        <source>the server sent a carriage return that does not end a line</source>
        <translation>der Server hat einen Wagenrücklauf gesendet, der keine Zeile beendet</translation>
    </message>
    <message>
        <source>the server sent an invalid Content-Length</source>
        <translation>der Server hat eine ungültige Content-Length gesendet</translation>
    </message>
    <message>
        <source>the server sent Content-Length more than once</source>
        <translation>der Server hat Content-Length mehrfach gesendet</translation>
    </message>
    <message>
        <source>the server sent conflicting Content-Length values</source>
        <translation>der Server hat widersprüchliche Content-Length-Werte gesendet</translation>
    </message>
    <message>
        <source>the server sent both Transfer-Encoding and Content-Length</source>
        <translation>der Server hat sowohl Transfer-Encoding als auch Content-Length gesendet</translation>
    </message>
    <message>
        <source>the server used the transfer coding &quot;%1&quot;; only &quot;chunked&quot; is accepted</source>
        <translation>der Server hat die Transferkodierung &quot;%1&quot; verwendet; nur &quot;chunked&quot; wird akzeptiert</translation>
    </message>
    <message>
        <source>the server sent a malformed chunk size</source>
        <translation>der Server hat eine fehlerhafte Chunk-Größe gesendet</translation>
    </message>
    <message>
        <source>the server sent a chunk longer than its size</source>
        <translation>der Server hat einen Chunk gesendet, der länger als seine Größe ist</translation>
    </message>
    <message>
        <source>the server sent more chunk framing than data</source>
        <translation>der Server hat mehr Chunk-Rahmen als Daten gesendet</translation>
    </message>
    <message>
        <source>the response is larger than %1 bytes</source>
        <translation>die Antwort ist größer als %1 Bytes</translation>
    </message>
    <message>
        <source>the connection closed in the middle of the response</source>
        <translation>die Verbindung wurde mitten in der Antwort geschlossen</translation>
    </message>
</context>
<context>
    <name>IdentityGrant</name>
    <message>
        <source>is empty</source>
        <translation>ist leer</translation>
    </message>
    <message>
        <source>is later than expires_at</source>
        <translation>liegt nach expires_at</translation>
    </message>
</context>
<context>
    <name>InlineMountWriter</name>
    <message>
        <source>%1 mount at %2: %3</source>
        <translation>%1-Einbindung unter %2: %3</translation>
    </message>
</context>
<context>
    <name>InstanceLock</name>
    <message>
        <source>Another Checkfu Runner (pid %1) is already running with this machine&apos;s credential. Stop it first (or use the tray); two at once would get the credential revoked as a clone.</source>
        <translation>Ein anderer Checkfu Runner (PID %1) läuft bereits mit den Zugangsdaten dieses Rechners. Beenden Sie ihn zuerst (oder verwenden Sie den Infobereich); zwei gleichzeitig würden zum Widerruf der Zugangsdaten als Klon führen.</translation>
    </message>
    <message>
        <source>Another Checkfu Runner is already running with this machine&apos;s credential (lock %1). Stop it first.</source>
        <translation>Ein anderer Checkfu Runner läuft bereits mit den Zugangsdaten dieses Rechners (Sperre %1). Beenden Sie ihn zuerst.</translation>
    </message>
</context>
<context>
    <name>JsonReader</name>
    <message>
        <source>field &apos;%1&apos; %2</source>
        <translation>Feld &apos;%1&apos; %2</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation>hat den falschen Typ (erwartet: eine Zeichenkette)</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string or null)</source>
        <translation>hat den falschen Typ (erwartet: eine Zeichenkette oder null)</translation>
    </message>
    <message>
        <source>is out of range</source>
        <translation>liegt außerhalb des Wertebereichs</translation>
    </message>
    <message>
        <source>has the wrong type (expected an integer)</source>
        <translation>hat den falschen Typ (erwartet: eine ganze Zahl)</translation>
    </message>
    <message>
        <source>is out of range (%1, expected %2 to %3)</source>
        <translation>liegt außerhalb des Wertebereichs (%1, erwartet: %2 bis %3)</translation>
    </message>
    <message>
        <source>is not an RFC 3339 time</source>
        <translation>ist keine Zeitangabe nach RFC 3339</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation>hat den falschen Typ (erwartet: ein Objekt)</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object or null)</source>
        <translation>hat den falschen Typ (erwartet: ein Objekt oder null)</translation>
    </message>
    <message>
        <source>has the wrong type (expected an array)</source>
        <translation>hat den falschen Typ (erwartet: ein Array)</translation>
    </message>
    <message>
        <source>is not an identifier of the form %1&lt;32 hex digits&gt;</source>
        <translation>ist kein Bezeichner der Form %1&lt;32 Hex-Ziffern&gt;</translation>
    </message>
</context>
<context>
    <name>LfsObjects</name>
    <message>
        <source>git-lfs printed a listing that is not a JSON object</source>
        <translation>git-lfs hat eine Liste ausgegeben, die kein JSON-Objekt ist</translation>
    </message>
    <message>
        <source>git-lfs printed a listing without a list of files</source>
        <translation>git-lfs hat eine Liste ohne Dateiliste ausgegeben</translation>
    </message>
    <message>
        <source>git-lfs listed a file without a sha256 oid and a size</source>
        <translation>git-lfs hat eine Datei ohne sha256-OID und Größe aufgeführt</translation>
    </message>
    <message>
        <source>git-lfs listed object %1 with two sizes</source>
        <translation>git-lfs hat das Objekt %1 mit zwei Größen aufgeführt</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer is not a JSON object</source>
        <translation>die Batch-Antwort des LFS-Servers ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>the LFS server chose the transfer &apos;%1&apos;; only basic is supported</source>
        <translation>der LFS-Server hat die Übertragungsart &apos;%1&apos; gewählt; nur basic wird unterstützt</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer uses a hash other than sha256</source>
        <translation>die Batch-Antwort des LFS-Servers verwendet einen anderen Hash als sha256</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer has no objects list</source>
        <translation>die Batch-Antwort des LFS-Servers enthält keine Objektliste</translation>
    </message>
    <message>
        <source>the LFS server did not answer for object %1</source>
        <translation>der LFS-Server hat für das Objekt %1 nicht geantwortet</translation>
    </message>
    <message>
        <source>the LFS server has no object %1 (%2: %3)</source>
        <translation>der LFS-Server hat kein Objekt %1 (%2: %3)</translation>
    </message>
    <message>
        <source>the LFS server gives object %1 another size (%2, the pointer says %3)</source>
        <translation>der LFS-Server nennt für das Objekt %1 eine andere Größe (%2, der Zeiger sagt %3)</translation>
    </message>
    <message>
        <source>the LFS server gave no download address for object %1</source>
        <translation>der LFS-Server hat für das Objekt %1 keine Download-Adresse genannt</translation>
    </message>
    <message>
        <source>the LFS server&apos;s headers for object %1 are not an object</source>
        <translation>die Header des LFS-Servers für das Objekt %1 sind kein Objekt</translation>
    </message>
    <message>
        <source>the LFS server&apos;s header %1 for object %2 is not a string</source>
        <translation>der Header %1 des LFS-Servers für das Objekt %2 ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>the LFS server sent too many headers for object %1</source>
        <translation>der LFS-Server hat für das Objekt %1 zu viele Header gesendet</translation>
    </message>
    <message>
        <source>the LFS server sent a header for object %1 that cannot be sent (%2)</source>
        <translation>der LFS-Server hat für das Objekt %1 einen Header geschickt, der nicht gesendet werden kann (%2)</translation>
    </message>
</context>
<context>
    <name>LfsTransfer</name>
    <message>
        <source>cannot create the LFS store in the work tree</source>
        <translation>der LFS-Speicher im Arbeitsverzeichnis kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>stopped while downloading LFS objects</source>
        <translation>beim Herunterladen der LFS-Objekte angehalten</translation>
    </message>
    <message>
        <source>the LFS address %1 is refused: it %2</source>
        <translation>die LFS-Adresse %1 wird abgelehnt: sie %2</translation>
    </message>
    <message>
        <source>cannot write LFS object %1: %2</source>
        <translation>das LFS-Objekt %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>the LFS server&apos;s batch answer is larger than %1 MiB</source>
        <translation>die Batch-Antwort des LFS-Servers ist größer als %1 MiB</translation>
    </message>
    <message>
        <source>the LFS server sends more than the %1 bytes of object %2</source>
        <translation>der LFS-Server sendet mehr als die %1 Bytes des Objekts %2</translation>
    </message>
    <message>
        <source>%1 redirects more than %2 times</source>
        <translation>%1 leitet mehr als %2-mal weiter</translation>
    </message>
    <message>
        <source>the LFS server redirects its batch API (HTTP %1)</source>
        <translation>der LFS-Server leitet seine Batch-API weiter (HTTP %1)</translation>
    </message>
    <message>
        <source>cannot reach %1 (%2)</source>
        <translation>%1 ist nicht erreichbar (%2)</translation>
    </message>
    <message>
        <source>%1 refused the mount&apos;s credential (HTTP %2)</source>
        <translation>%1 hat die Zugangsdaten des Mounts abgelehnt (HTTP %2)</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation>%1 hat mit HTTP %2 geantwortet</translation>
    </message>
    <message>
        <source>the transfer from %1 broke off (%2)</source>
        <translation>die Übertragung von %1 ist abgebrochen (%2)</translation>
    </message>
    <message>
        <source>LFS object %1 as downloaded does not match its oid and size</source>
        <translation>das heruntergeladene LFS-Objekt %1 passt nicht zu seiner OID und Größe</translation>
    </message>
    <message>
        <source>cannot store LFS object %1: %2</source>
        <translation>das LFS-Objekt %1 kann nicht gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>ListeningSockets</name>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but Checkfu Runner cannot tell which user&apos;s program listens on port %2 here, so the link was refused. If you run that control plane yourself, type its address on this page.</source>
        <translation>Der Endpunkt %1 des Links liegt auf diesem Rechner, aber Checkfu Runner kann nicht feststellen, wessen Programm hier auf Port %2 lauscht; der Link wurde deshalb abgelehnt. Wenn Sie diesen Steuerungsserver selbst betreiben, geben Sie seine Adresse auf dieser Seite ein.</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but nothing listens on port %2, so the link was refused: another user could start a program there later and pose as your control plane. Start your control plane first, then open the link again.</source>
        <translation>Der Endpunkt %1 des Links liegt auf diesem Rechner, aber auf Port %2 lauscht nichts; der Link wurde deshalb abgelehnt: Ein anderer Benutzer könnte dort später ein Programm starten und sich als Ihr Steuerungsserver ausgeben. Starten Sie zuerst Ihren Steuerungsserver und öffnen Sie den Link dann erneut.</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint %1 is on this machine, but the program listening on port %2 belongs to another user (uid %3), who could pose as your control plane and take this machine&apos;s runs. The link was refused.</source>
        <translation>Der Endpunkt %1 des Links liegt auf diesem Rechner, aber das Programm, das auf Port %2 lauscht, gehört einem anderen Benutzer (UID %3), der sich als Ihr Steuerungsserver ausgeben und die Läufe dieses Rechners übernehmen könnte. Der Link wurde abgelehnt.</translation>
    </message>
</context>
<context>
    <name>MachinePage</name>
    <message>
        <source>This machine</source>
        <translation>Dieser Rechner</translation>
    </message>
    <message>
        <source>The name you and your administrator will see for this machine in Checkfu. It defaults to the host name.</source>
        <translation>Der Name, unter dem Sie und Ihr Administrator diesen Rechner in Checkfu sehen. Standardmäßig der Hostname.</translation>
    </message>
    <message>
        <source>e.g. alice-laptop</source>
        <translation>z. B. alice-laptop</translation>
    </message>
    <message>
        <source>Machine &amp;label:</source>
        <translation>Rechner&amp;bezeichnung:</translation>
    </message>
    <message>
        <source>The machine label is empty. Give a name that tells you which machine this is, e.g. %1.</source>
        <translation>Die Rechnerbezeichnung ist leer. Geben Sie einen Namen an, an dem Sie diesen Rechner erkennen, z. B. %1.</translation>
    </message>
    <message>
        <source>The machine label contains a line break or another control character. Use a plain one-line name.</source>
        <translation>Die Rechnerbezeichnung enthält einen Zeilenumbruch oder ein anderes Steuerzeichen. Verwenden Sie einen einfachen einzeiligen Namen.</translation>
    </message>
    <message>
        <source>This pairing link is for the control plane %1.</source>
        <translation>Dieser Kopplungslink gilt für den Steuerungsserver %1.</translation>
    </message>
    <message>
        <source>This pairing link names no control plane: its code will be redeemed with %1, the control plane set on the first page.</source>
        <translation>Dieser Kopplungslink nennt keinen Steuerungsserver: Sein Code wird bei %1 eingelöst, dem Steuerungsserver auf der ersten Seite.</translation>
    </message>
    <message>
        <source>Runs it sends will execute on this machine: continue only if you expected this link from your administrator.</source>
        <translation>Läufe, die er sendet, werden auf diesem Rechner ausgeführt: Fahren Sie nur fort, wenn Sie diesen Link von Ihrem Administrator erwartet haben.</translation>
    </message>
    <message>
        <source>This machine works for %1 now: pairing replaces that.</source>
        <translation>Dieser Rechner arbeitet zurzeit für %1: Die Kopplung ersetzt das.</translation>
    </message>
</context>
<context>
    <name>Materialization</name>
    <message>
        <source>the run&apos;s directories are gone</source>
        <translation>die Verzeichnisse des Laufs sind verschwunden</translation>
    </message>
    <message>
        <source>git is not installed (apt install git)</source>
        <translation>git ist nicht installiert (apt install git)</translation>
    </message>
    <message>
        <source>stopped while materialising</source>
        <translation>beim Bereitstellen angehalten</translation>
    </message>
    <message>
        <source>this Runner keeps no snapshots</source>
        <translation>dieser Runner bewahrt keine Snapshots auf</translation>
    </message>
    <message>
        <source>cannot create the git mount&apos;s target %1: %2</source>
        <translation>das Ziel %1 des git-Mounts kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>the git mount&apos;s target %1 already exists (an earlier mount or the restored snapshot holds it); the Runner fetches a repository only into a directory it creates itself. Choose a target that does not exist yet, or leave %1 out of the earlier mount.</source>
        <translation>das Ziel %1 des git-Mounts existiert bereits (ein früherer Mount oder der wiederhergestellte Snapshot enthält es); der Runner holt ein Repository nur in ein Verzeichnis, das er selbst anlegt. Wählen Sie ein Ziel, das noch nicht existiert, oder lassen Sie %1 im früheren Mount weg.</translation>
    </message>
</context>
<context>
    <name>MirrorCache</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>This machine was disconnected from Checkfu</source>
        <translation>Dieser Rechner wurde von Checkfu getrennt</translation>
    </message>
    <message>
        <source>An administrator revoked this machine&apos;s credential. Pair it again with a new code to reconnect.</source>
        <translation>Ein Administrator hat die Zugangsdaten dieses Rechners widerrufen. Koppeln Sie ihn mit einem neuen Code erneut, um die Verbindung wiederherzustellen.</translation>
    </message>
    <message>
        <source>Checkfu Runner stopped: a copy of this setup was running</source>
        <translation>Checkfu Runner angehalten: Eine Kopie dieser Einrichtung lief</translation>
    </message>
    <message>
        <source>Two Runner processes used this machine&apos;s credential, so Checkfu revoked it. Pair this machine again with a new code.</source>
        <translation>Zwei Runner-Prozesse haben die Zugangsdaten dieses Rechners verwendet, daher hat Checkfu sie widerrufen. Koppeln Sie diesen Rechner mit einem neuen Code erneut.</translation>
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation>Der Agent bittet um Erlaubnis</translation>
    </message>
    <message>
        <source>All runs finished</source>
        <translation>Alle Läufe beendet</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and signed off.</source>
        <translation>Checkfu Runner hat seine Läufe beendet und sich abgemeldet.</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and is signing off.</source>
        <translation>Checkfu Runner hat seine Läufe beendet und meldet sich ab.</translation>
    </message>
    <message>
        <source>Checkfu Runner finished its runs and takes no new work until you resume it.</source>
        <translation>Checkfu Runner hat seine Läufe beendet und nimmt keine neue Arbeit an, bis Sie fortsetzen.</translation>
    </message>
    <message>
        <source>Checkfu Runner is back online</source>
        <translation>Checkfu Runner ist wieder online</translation>
    </message>
    <message>
        <source>the control plane</source>
        <translation>der Steuerungsserver</translation>
    </message>
    <message>
        <source>Connected to %1 again after %2 offline.</source>
        <translation>Nach %2 offline wieder mit %1 verbunden.</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 Minute</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 Minuten</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 Stunden</translation>
    </message>
    <message>
        <source>This machine is paired with Checkfu</source>
        <translation>Dieser Rechner ist mit Checkfu gekoppelt</translation>
    </message>
    <message>
        <source>Checkfu Runner is connecting and will take work when ready.</source>
        <translation>Checkfu Runner verbindet sich und nimmt Arbeit an, sobald er bereit ist.</translation>
    </message>
    <message>
        <source>Pairing failed</source>
        <translation>Kopplung fehlgeschlagen</translation>
    </message>
    <message>
        <source>The pairing code was not accepted. Ask for a new code.</source>
        <translation>Der Kopplungscode wurde nicht angenommen. Fordern Sie einen neuen Code an.</translation>
    </message>
    <message>
        <source>Approval needed: %1</source>
        <translation>Freigabe nötig: %1</translation>
    </message>
    <message>
        <source>An agent session</source>
        <translation>Eine Agentensitzung</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>Sitzung %1</translation>
    </message>
    <message>
        <source>%1 waits for your decision. Click to open it in the Checkfu dashboard.</source>
        <translation>%1 wartet auf Ihre Entscheidung. Klicken Sie, um sie im Checkfu-Dashboard zu öffnen.</translation>
    </message>
    <message>
        <source>%1 waits for your decision in the Checkfu dashboard. The control plane&apos;s link was not opened: %2.</source>
        <translation>%1 wartet im Checkfu-Dashboard auf Ihre Entscheidung. Der Link des Steuerungsservers wurde nicht geöffnet: %2.</translation>
    </message>
    <message>
        <source>%1 waits for your decision. Click to open it in the Checkfu dashboard on %2.</source>
        <translation>%1 wartet auf Ihre Entscheidung. Klicken Sie, um sie im Checkfu-Dashboard auf %2 zu öffnen.</translation>
    </message>
    <message>
        <source>The control plane gave up what this machine was running while it slept. &quot;Keep awake while runs are active&quot; in Settings keeps the computer awake, unless its lid is closed or someone puts it to sleep.</source>
        <translation>Der Steuerungsserver hat aufgegeben, was dieser Rechner während des Ruhezustands ausführte. „Wach halten, solange Läufe aktiv sind“ in den Einstellungen hält den Computer wach, außer sein Deckel wird geschlossen oder jemand versetzt ihn in den Ruhezustand.</translation>
    </message>
</context>
<context>
    <name>PairingCode</name>
    <message>
        <source>The pairing code is empty. Paste the code your admin gave you; it looks like CFU-XXXX-XXXX-XXXX.</source>
        <translation>Der Kopplungscode ist leer. Fügen Sie den Code ein, den Ihr Administrator Ihnen gegeben hat; er sieht aus wie CFU-XXXX-XXXX-XXXX.</translation>
    </message>
    <message>
        <source>The pairing code must start with CFU- (it looks like CFU-XXXX-XXXX-XXXX). Copy the whole code your admin gave you.</source>
        <translation>Der Kopplungscode muss mit CFU- beginnen (er sieht aus wie CFU-XXXX-XXXX-XXXX). Kopieren Sie den ganzen Code, den Ihr Administrator Ihnen gegeben hat.</translation>
    </message>
    <message>
        <source>The pairing code contains %1, which is not used in pairing codes (allowed: 0-9 and A-Z without I, L, O, U). Check the code your admin gave you.</source>
        <translation>Der Kopplungscode enthält %1, das in Kopplungscodes nicht vorkommt (erlaubt: 0-9 und A-Z ohne I, L, O, U). Prüfen Sie den Code, den Ihr Administrator Ihnen gegeben hat.</translation>
    </message>
    <message numerus="yes">
        <source>The pairing code has %n character(s) after CFU-, expected 12. Check that you copied the whole code.</source>
        <translation>
            <numerusform>Der Kopplungscode hat %n Zeichen nach CFU-, erwartet sind 12. Prüfen Sie, ob Sie den ganzen Code kopiert haben.</numerusform>
            <numerusform>Der Kopplungscode hat %n Zeichen nach CFU-, erwartet sind 12. Prüfen Sie, ob Sie den ganzen Code kopiert haben.</numerusform>
        </translation>
    </message>
    <message>
        <source>The pairing code has a hyphen in the wrong place. Groups are four characters: CFU-XXXX-XXXX-XXXX.</source>
        <translation>Der Kopplungscode hat einen Bindestrich an der falschen Stelle. Gruppen haben vier Zeichen: CFU-XXXX-XXXX-XXXX.</translation>
    </message>
    <message>
        <source>(invalid pairing code)</source>
        <translation>(ungültiger Kopplungscode)</translation>
    </message>
</context>
<context>
    <name>PairingLink</name>
    <message>
        <source>The pairing link is too long to be a pairing link. Copy the link your administrator gave you again.</source>
        <translation>Der Kopplungslink ist zu lang, um ein Kopplungslink zu sein. Kopieren Sie den Link, den Ihr Administrator Ihnen gegeben hat, noch einmal.</translation>
    </message>
    <message>
        <source>This is not a Checkfu pairing link; it should look like %1.</source>
        <translation>Dies ist kein Checkfu-Kopplungslink; er sollte aussehen wie %1.</translation>
    </message>
    <message>
        <source>This Checkfu link is not a pairing link (it should start with checkfu://pair?). Ask your administrator for a pairing link.</source>
        <translation>Dieser Checkfu-Link ist kein Kopplungslink (er sollte mit checkfu://pair? beginnen). Bitten Sie Ihren Administrator um einen Kopplungslink.</translation>
    </message>
    <message>
        <source>The pairing link gives the code or the endpoint more than once. Ask your administrator for a new link.</source>
        <translation>Der Kopplungslink nennt den Code oder den Endpunkt mehr als einmal. Bitten Sie Ihren Administrator um einen neuen Link.</translation>
    </message>
    <message>
        <source>The link&apos;s endpoint</source>
        <translation>Der Endpunkt des Links</translation>
    </message>
    <message>
        <source>The pairing link has no pairing code (code=…). Paste the code your administrator gave you instead.</source>
        <translation>Der Kopplungslink enthält keinen Kopplungscode (code=…). Fügen Sie stattdessen den Code ein, den Ihr Administrator Ihnen gegeben hat.</translation>
    </message>
    <message>
        <source>The link&apos;s pairing code is not valid: %1</source>
        <translation>Der Kopplungscode des Links ist ungültig: %1</translation>
    </message>
</context>
<context>
    <name>PairingRedemption</name>
    <message>
        <source>is too short to be a credential</source>
        <translation>ist zu kurz für Zugangsdaten</translation>
    </message>
    <message>
        <source>This pairing code does not exist. Check it for typos, or ask your administrator for a new one.</source>
        <translation>Diesen Kopplungscode gibt es nicht. Prüfen Sie ihn auf Tippfehler, oder bitten Sie Ihren Administrator um einen neuen.</translation>
    </message>
    <message>
        <source>This pairing code has already been used. Codes work once; ask your administrator for a new one.</source>
        <translation>Dieser Kopplungscode wurde bereits verwendet. Codes gelten einmal; bitten Sie Ihren Administrator um einen neuen.</translation>
    </message>
    <message>
        <source>This pairing code has expired. Codes last only a few minutes; ask your administrator for a new one.</source>
        <translation>Dieser Kopplungscode ist abgelaufen. Codes gelten nur wenige Minuten; bitten Sie Ihren Administrator um einen neuen.</translation>
    </message>
    <message>
        <source>The control plane did not accept the pairing request: %1</source>
        <translation>Der Steuerungsserver hat die Kopplungsanfrage nicht angenommen: %1</translation>
    </message>
    <message>
        <source>Could not reach the control plane to redeem the code (%1). Check the endpoint and your network, then try again; the code was not used.</source>
        <translation>Der Steuerungsserver war zum Einlösen des Codes nicht erreichbar (%1). Prüfen Sie den Endpunkt und Ihr Netzwerk und versuchen Sie es erneut; der Code wurde nicht verbraucht.</translation>
    </message>
    <message>
        <source>Pairing failed: %1</source>
        <translation>Kopplung fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>PairingWizard</name>
    <message>
        <source>Docker %1 answers</source>
        <translation>Docker %1 antwortet</translation>
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation>der Docker-Daemon hat keine Version genannt</translation>
    </message>
    <message>
        <source>no Docker daemon answers (%1)</source>
        <translation>kein Docker-Daemon antwortet (%1)</translation>
    </message>
    <message>
        <source>Pair Checkfu Runner</source>
        <translation>Checkfu Runner koppeln</translation>
    </message>
    <message>
        <source>Redeeming the pairing code with %1…</source>
        <translation>Kopplungscode wird bei %1 eingelöst…</translation>
    </message>
    <message>
        <source>&amp;New Code…</source>
        <translation>&amp;Neuer Code…</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Control plane: %1</source>
        <translation>Steuerungsserver: %1</translation>
    </message>
    <message>
        <source>Machine label: %1</source>
        <translation>Rechnerbezeichnung: %1</translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>Sandbox: %1</translation>
    </message>
    <message>
        <source>Cursor lane: off</source>
        <translation>Cursor-Spur: aus</translation>
    </message>
    <message>
        <source>not chosen</source>
        <translation>nicht gewählt</translation>
    </message>
    <message>
        <source>host process (no isolation)</source>
        <translation>Host-Prozess (keine Isolierung)</translation>
    </message>
    <message>
        <source>bubblewrap</source>
        <translation>Bubblewrap</translation>
    </message>
    <message>
        <source>Docker only</source>
        <translation>Nur Docker</translation>
    </message>
    <message>
        <source>none on this machine (Docker when a daemon answers)</source>
        <translation>keine auf diesem Rechner (Docker, wenn ein Daemon antwortet)</translation>
    </message>
    <message>
        <source>%1 (runner %2)</source>
        <translation>%1 (Runner %2)</translation>
    </message>
    <message>
        <source>%1 (workspace %2, runner %3)</source>
        <translation>%1 (Arbeitsbereich %2, Runner %3)</translation>
    </message>
    <message>
        <source>This machine works for %1. Pair it with %2 instead? The current pairing ends: its credential is forgotten and its runs no longer come to this machine.</source>
        <translation>Dieser Rechner arbeitet für %1. Stattdessen mit %2 koppeln? Die aktuelle Kopplung endet: Ihre Zugangsdaten werden vergessen, und ihre Läufe kommen nicht mehr auf diesen Rechner.</translation>
    </message>
    <message>
        <source>Cursor lane: model %1, with the API key entered here</source>
        <translation>Cursor-Spur: Modell %1, mit dem hier eingegebenen API-Schlüssel</translation>
    </message>
    <message>
        <source>Cursor lane: model %1, kept from the current pairing</source>
        <translation>Cursor-Spur: Modell %1, aus der aktuellen Kopplung übernommen</translation>
    </message>
    <message>
        <source>Cursor lane: off (the current pairing&apos;s Cursor API key is removed)</source>
        <translation>Cursor-Spur: aus (der Cursor-API-Schlüssel der aktuellen Kopplung wird entfernt)</translation>
    </message>
</context>
<context>
    <name>PrivateDirectory</name>
    <message>
        <source>Cannot create the directory %1: %2.</source>
        <translation>Das Verzeichnis %1 kann nicht erstellt werden: %2.</translation>
    </message>
    <message>
        <source>%1 is a symbolic link, which another user could point anywhere. Remove it and start again.</source>
        <translation>%1 ist ein symbolischer Link, den ein anderer Benutzer beliebig umlenken könnte. Entfernen Sie ihn und starten Sie neu.</translation>
    </message>
    <message>
        <source>Cannot open the directory %1: %2.</source>
        <translation>Das Verzeichnis %1 kann nicht geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>Cannot inspect the directory %1: %2.</source>
        <translation>Das Verzeichnis %1 kann nicht untersucht werden: %2.</translation>
    </message>
    <message>
        <source>Cannot inspect %1: %2.</source>
        <translation>%1 kann nicht untersucht werden: %2.</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a symbolic link or something else put in its place). Remove it and start again.</source>
        <translation>%1 ist keine reguläre Datei (an ihrer Stelle steht ein symbolischer Link oder etwas anderes). Entfernen Sie sie und starten Sie neu.</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2). Remove it and start again.</source>
        <translation>%1 gehört einem anderen Benutzer (UID %2). Entfernen Sie es und starten Sie neu.</translation>
    </message>
    <message>
        <source>%1 has mode %2, so other users can enter it. It must be yours alone: chmod 700 %1 (or remove it) and start again.</source>
        <translation>%1 hat die Rechte %2, andere Benutzer können es also betreten. Es darf nur Ihnen gehören: chmod 700 %1 (oder entfernen Sie es) und starten Sie neu.</translation>
    </message>
    <message>
        <source>%1 is not a directory. Remove it (or point %2 at a directory of your own) and start again.</source>
        <translation>%1 ist kein Verzeichnis. Entfernen Sie es (oder lassen Sie %2 auf ein eigenes Verzeichnis zeigen) und starten Sie neu.</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2, not %3), who could then read or change what this Runner keeps in it. Remove it (or point %4 at a directory of your own) and start again.</source>
        <translation>%1 gehört einem anderen Benutzer (UID %2, nicht %3), der so lesen oder ändern könnte, was dieser Runner darin ablegt. Entfernen Sie es (oder lassen Sie %4 auf ein eigenes Verzeichnis zeigen) und starten Sie neu.</translation>
    </message>
</context>
<context>
    <name>ResultPage</name>
    <message>
        <source>Pairing</source>
        <translation>Kopplung</translation>
    </message>
    <message>
        <source>The pairing code is redeemed with the control plane.</source>
        <translation>Der Kopplungscode wird beim Steuerungsserver eingelöst.</translation>
    </message>
    <message>
        <source>Pairing…</source>
        <translation>Koppelt…</translation>
    </message>
    <message>
        <source>This machine is paired</source>
        <translation>Dieser Rechner ist gekoppelt</translation>
    </message>
    <message>
        <source>The Runner is connecting to the control plane.</source>
        <translation>Der Runner verbindet sich mit dem Steuerungsserver.</translation>
    </message>
    <message>
        <source>Choose Finish to close this window; Checkfu Runner keeps running in the tray.</source>
        <translation>Wählen Sie „Abschließen“, um dieses Fenster zu schließen; Checkfu Runner läuft im Infobereich weiter.</translation>
    </message>
    <message>
        <source>Pairing failed</source>
        <translation>Kopplung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Ask your administrator for a new pairing code, then choose New Code.</source>
        <translation>Bitten Sie Ihren Administrator um einen neuen Kopplungscode, und wählen Sie dann „Neuer Code“.</translation>
    </message>
    <message>
        <source>Choose Try Again, or go Back to change the endpoint or another detail.</source>
        <translation>Wählen Sie „Erneut versuchen“, oder gehen Sie zurück, um den Endpunkt oder eine andere Angabe zu ändern.</translation>
    </message>
    <message>
        <source>Done: the control plane knows this machine now.</source>
        <translation>Fertig: Der Steuerungsserver kennt diesen Rechner jetzt.</translation>
    </message>
    <message>
        <source>The control plane did not pair this machine.</source>
        <translation>Der Steuerungsserver hat diesen Rechner nicht gekoppelt.</translation>
    </message>
    <message>
        <source>&amp;Replace the Current Pairing</source>
        <translation>Aktuelle Kopplung &amp;ersetzen</translation>
    </message>
    <message>
        <source>Replace this machine&apos;s pairing?</source>
        <translation>Die Kopplung dieses Rechners ersetzen?</translation>
    </message>
    <message>
        <source>Choose Replace the Current Pairing to pair, or Cancel to keep the current pairing.</source>
        <translation>Wählen Sie „Aktuelle Kopplung ersetzen“, um zu koppeln, oder „Abbrechen“, um die aktuelle Kopplung zu behalten.</translation>
    </message>
    <message>
        <source>Nothing has been redeemed yet.</source>
        <translation>Es wurde noch nichts eingelöst.</translation>
    </message>
</context>
<context>
    <name>RunActivityView</name>
    <message>
        <source>Runs on this machine</source>
        <translation>Läufe auf diesem Rechner</translation>
    </message>
    <message>
        <source>No run is going.</source>
        <translation>Es läuft kein Lauf.</translation>
    </message>
    <message>
        <source>Recently ended</source>
        <translation>Kürzlich beendet</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Cancel…</source>
        <translation>Abbrechen…</translation>
    </message>
    <message>
        <source>Driver: %1</source>
        <translation>Treiber: %1</translation>
    </message>
    <message>
        <source>Tier: %1</source>
        <translation>Stufe: %1</translation>
    </message>
    <message>
        <source>Running for %1</source>
        <translation>Läuft seit %1</translation>
    </message>
    <message>
        <source>The control plane gave no link to this Session</source>
        <translation>Der Steuerungsserver hat keinen Link zu dieser Sitzung angegeben</translation>
    </message>
    <message>
        <source>Repository: %1</source>
        <translation>Repository: %1</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Changes…</source>
        <translation>Änderungen…</translation>
    </message>
    <message>
        <source>What the run changed in its workspace, kept on this machine</source>
        <translation>Was der Lauf in seinem Arbeitsbereich geändert hat, auf diesem Rechner aufbewahrt</translation>
    </message>
</context>
<context>
    <name>RunExecution</name>
    <message>
        <source>the sandbox provider %1 is not enabled on this machine</source>
        <translation>der Sandbox-Anbieter %1 ist auf diesem Rechner nicht aktiviert</translation>
    </message>
    <message>
        <source>Preparing the workspace</source>
        <translation>Arbeitsbereich wird vorbereitet</translation>
    </message>
    <message>
        <source>%1 in the memory at %2 is not a regular file; it is not reported</source>
        <translation>%1 in der memory-Einbindung unter %2 ist keine reguläre Datei; sie wird nicht gemeldet</translation>
    </message>
    <message>
        <source>the changes to the memory at %1 exceed 8 MiB (or one file 1 MiB); the rest is not reported</source>
        <translation>die Änderungen an der memory-Einbindung unter %1 übersteigen 8 MiB (oder eine Datei 1 MiB); der Rest wird nicht gemeldet</translation>
    </message>
    <message>
        <source>the run asks for a git mount with lfs: true, and git-lfs is not installed (apt install git-lfs)</source>
        <translation>der Lauf verlangt einen git-Mount mit lfs: true, und git-lfs ist nicht installiert (apt install git-lfs)</translation>
    </message>
    <message>
        <source>the workspace was not kept: this Runner keeps no snapshots</source>
        <translation>der Arbeitsbereich wurde nicht aufbewahrt: dieser Runner bewahrt keine Snapshots auf</translation>
    </message>
    <message>
        <source>this Runner keeps no snapshots</source>
        <translation>dieser Runner bewahrt keine Snapshots auf</translation>
    </message>
    <message>
        <source>Recording the workspace</source>
        <translation>Arbeitsbereich wird erfasst</translation>
    </message>
    <message>
        <source>the workspace will not be kept: recording it as materialised failed: %1</source>
        <translation>der Arbeitsbereich wird nicht aufbewahrt: seine Erfassung im bereitgestellten Zustand ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>not in the snapshot (FIFOs, sockets and devices, or names a manifest cannot hold: a line break, not UTF-8): %1</source>
        <translation>nicht im Snapshot (FIFOs, Sockets und Geräte oder Namen, die ein Manifest nicht aufnehmen kann: ein Zeilenumbruch, kein UTF-8): %1</translation>
    </message>
    <message>
        <source>the workspace was not kept: the disk is full (%1)</source>
        <translation>der Arbeitsbereich wurde nicht aufbewahrt: der Datenträger ist voll (%1)</translation>
    </message>
    <message>
        <source>the workspace was not kept: %1</source>
        <translation>der Arbeitsbereich wurde nicht aufbewahrt: %1</translation>
    </message>
    <message>
        <source>cannot open the run&apos;s MCP relay: %1</source>
        <translation>die MCP-Weiterleitung des Laufs lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>the run asks for the platform&apos;s MCP servers (plane_mcp), and checkfu-mcp-bridge is not installed beside the Runner</source>
        <translation>der Lauf verlangt die MCP-Server der Plattform (plane_mcp), und checkfu-mcp-bridge ist nicht neben dem Runner installiert</translation>
    </message>
    <message>
        <source>the run asks for the platform&apos;s MCP servers (plane_mcp), which the sandbox provider %1 does not relay</source>
        <translation>der Lauf verlangt die MCP-Server der Plattform (plane_mcp), die der Sandbox-Anbieter %1 nicht weiterleitet</translation>
    </message>
    <message>
        <source>the workspace will not be kept: %1</source>
        <translation>der Arbeitsbereich wird nicht aufbewahrt: %1</translation>
    </message>
</context>
<context>
    <name>RunSpec</name>
    <message>
        <source>is empty</source>
        <translation>ist leer</translation>
    </message>
    <message>
        <source>does not have the shape %1</source>
        <translation>hat nicht die Form %1</translation>
    </message>
    <message>
        <source>is not pinned by digest (expected name@sha256:&lt;64 hex&gt; or a local image id sha256:&lt;64 hex&gt;; a tag alone is refused)</source>
        <translation>ist nicht per Digest festgelegt (erwartet: Name@sha256:&lt;64 Hex-Ziffern&gt; oder eine lokale Image-ID sha256:&lt;64 Hex-Ziffern&gt;; ein Tag allein wird abgelehnt)</translation>
    </message>
    <message>
        <source>is empty (a program to run is required)</source>
        <translation>ist leer (ein auszuführendes Programm ist erforderlich)</translation>
    </message>
    <message>
        <source>has the wrong type (expected a string)</source>
        <translation>hat den falschen Typ (erwartet: eine Zeichenkette)</translation>
    </message>
    <message>
        <source>contains a NUL character</source>
        <translation>enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <source>is empty (the program to run)</source>
        <translation>ist leer (das auszuführende Programm)</translation>
    </message>
    <message>
        <source>is not a valid environment variable name (it must match [A-Za-z_][A-Za-z0-9_]*: letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>ist kein gültiger Name für eine Umgebungsvariable (er muss [A-Za-z_][A-Za-z0-9_]* entsprechen: Buchstaben, Ziffern und &apos;_&apos;, nicht mit einer Ziffer beginnend)</translation>
    </message>
    <message>
        <source>contains a NUL character, which an environment variable cannot hold</source>
        <translation>enthält ein NUL-Zeichen, das eine Umgebungsvariable nicht aufnehmen kann</translation>
    </message>
    <message>
        <source>contains a line break (CR or LF), which an environment variable of a run may not hold</source>
        <translation>enthält einen Zeilenumbruch (CR oder LF), den eine Umgebungsvariable eines Laufs nicht enthalten darf</translation>
    </message>
    <message>
        <source>has the wrong type (expected an object)</source>
        <translation>hat den falschen Typ (erwartet: ein Objekt)</translation>
    </message>
    <message>
        <source>brings the number of uploaded files above the limit of %1</source>
        <translation>bringt die Zahl der hochgeladenen Dateien über die Grenze von %1</translation>
    </message>
    <message>
        <source>appears twice in the same mount</source>
        <translation>kommt in derselben Einbindung zweimal vor</translation>
    </message>
    <message>
        <source>is not valid base64</source>
        <translation>ist kein gültiges Base64</translation>
    </message>
    <message>
        <source>brings the uploaded files above the limit of %1 bytes in total</source>
        <translation>bringt die hochgeladenen Dateien über die Grenze von insgesamt %1 Bytes</translation>
    </message>
    <message>
        <source>contains a backslash</source>
        <translation>enthält einen Backslash</translation>
    </message>
    <message>
        <source>is absolute</source>
        <translation>ist absolut</translation>
    </message>
    <message>
        <source>has an empty segment</source>
        <translation>hat einen leeren Abschnitt</translation>
    </message>
    <message>
        <source>has a &apos;..&apos; segment</source>
        <translation>hat einen Abschnitt &apos;..&apos;</translation>
    </message>
    <message>
        <source>has a &apos;.&apos; segment</source>
        <translation>hat einen Abschnitt &apos;.&apos;</translation>
    </message>
    <message>
        <source>has the wrong type (expected a content block object)</source>
        <translation>hat den falschen Typ (erwartet: ein Inhaltsblock-Objekt)</translation>
    </message>
    <message>
        <source>has the wrong type (expected true or false)</source>
        <translation>hat den falschen Typ (erwartet: true oder false)</translation>
    </message>
    <message>
        <source>is neither beneath the workspace root %1 nor in the run&apos;s home (~/...)</source>
        <translation>liegt weder unter der Arbeitsbereichswurzel %1 noch im Home-Verzeichnis des Laufs (~/...)</translation>
    </message>
    <message>
        <source>is also the target of mounts[%1]</source>
        <translation>ist auch das Ziel von mounts[%1]</translation>
    </message>
    <message>
        <source>lies above the target of mounts[%1]</source>
        <translation>liegt über dem Ziel von mounts[%1]</translation>
    </message>
    <message>
        <source>lies beneath the target of mounts[%1]</source>
        <translation>liegt unter dem Ziel von mounts[%1]</translation>
    </message>
    <message>
        <source>is not part of a git mount (its files come from the repository)</source>
        <translation>gehört nicht zu einer git-Einbindung (ihre Dateien kommen aus dem Repository)</translation>
    </message>
    <message>
        <source>contains &apos;:&apos; or a control character</source>
        <translation>enthält &apos;:&apos; oder ein Steuerzeichen</translation>
    </message>
    <message>
        <source>is not a credential kind of this version (http_basic or http_bearer)</source>
        <translation>ist keine Zugangsdaten-Art dieser Version (http_basic oder http_bearer)</translation>
    </message>
    <message>
        <source>contains a control character</source>
        <translation>enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <source>has no SKILL.md at the skill&apos;s root</source>
        <translation>hat keine SKILL.md in der Wurzel des Skills</translation>
    </message>
    <message>
        <source>is a file and a directory at once (with %1)</source>
        <translation>ist zugleich eine Datei und ein Verzeichnis (mit %1)</translation>
    </message>
    <message>
        <source>is longer than %1 bytes</source>
        <translation>ist länger als %1 Bytes</translation>
    </message>
    <message>
        <source>is not an absolute path (the first mount is the workspace root)</source>
        <translation>ist kein absoluter Pfad (die erste Einbindung ist die Arbeitsbereichswurzel)</translation>
    </message>
    <message>
        <source>is neither an absolute path nor a path in the run&apos;s home (~/...)</source>
        <translation>ist weder ein absoluter Pfad noch ein Pfad im Home-Verzeichnis des Laufs (~/...)</translation>
    </message>
    <message>
        <source>is / (the workspace root must be a directory of its own, e.g. /workspace)</source>
        <translation>ist / (die Arbeitsbereichswurzel muss ein eigenes Verzeichnis sein, z. B. /workspace)</translation>
    </message>
    <message>
        <source>is snapshot, which only the first mount (the workspace root) may be</source>
        <translation>ist snapshot, was nur die erste Einbindung (das Wurzelverzeichnis des Arbeitsbereichs) sein darf</translation>
    </message>
    <message>
        <source>is not part of a snapshot mount (its files come from the snapshot)</source>
        <translation>gehört nicht zu einer snapshot-Einbindung (ihre Dateien kommen aus dem Snapshot)</translation>
    </message>
    <message>
        <source>has %1 entries; at most %2 are allowed</source>
        <translation>hat %1 Einträge; höchstens %2 sind erlaubt</translation>
    </message>
    <message>
        <source>appears twice in plane_mcp (each name must be unique)</source>
        <translation>kommt in plane_mcp zweimal vor (jeder Name muss eindeutig sein)</translation>
    </message>
</context>
<context>
    <name>RunnerCli</name>
    <message>
        <source>Control plane URL (https, or http to loopback). Default: %1, then the stored pairing.</source>
        <translation>URL des Steuerungsservers (https, oder http an Loopback). Standard: %1, dann die gespeicherte Kopplung.</translation>
    </message>
    <message>
        <source>This machine&apos;s display label. Default: the host name.</source>
        <translation>Die angezeigte Bezeichnung dieses Rechners. Standard: der Hostname.</translation>
    </message>
    <message>
        <source>Sandbox tier: host-process, bubblewrap, docker or none. Default: the stored setting, else automatic.</source>
        <translation>Sandbox-Stufe: host-process, bubblewrap, docker oder none. Standard: die gespeicherte Einstellung, sonst automatisch.</translation>
    </message>
    <message>
        <source>Where the credential is kept: keychain (default) or file (explicit opt-in, owner-only file).</source>
        <translation>Wo die Zugangsdaten aufbewahrt werden: keychain (Standard) oder file (ausdrücklich gewählt, Datei nur für den Eigentümer).</translation>
    </message>
    <message>
        <source>Runs at once (1-64). Default: the stored setting, else 1.</source>
        <translation>Läufe gleichzeitig (1-64). Standard: die gespeicherte Einstellung, sonst 1.</translation>
    </message>
    <message>
        <source>Paths a bubblewrap sandbox shows read-only, &apos;:&apos;-separated (e.g. where a harness is installed under your home). Repeatable. Default: %1, then the stored setting, else none.</source>
        <translation>Pfade, die eine Bubblewrap-Sandbox schreibgeschützt zeigt, durch &apos;:&apos; getrennt (z. B. wo eine Harness unter Ihrem Home-Verzeichnis installiert ist). Wiederholbar. Standard: %1, dann die gespeicherte Einstellung, sonst keine.</translation>
    </message>
    <message>
        <source>trace, debug, info (default), warn or error.</source>
        <translation>trace, debug, info (Standard), warn oder error.</translation>
    </message>
    <message>
        <source>doctor: print the result as JSON.</source>
        <translation>doctor: das Ergebnis als JSON ausgeben.</translation>
    </message>
    <message>
        <source>Commands:
  start    pair (with --code) or use the stored pairing, then stay connected until stopped.
           SIGINT/SIGTERM once: finish owned work and sign off; twice: cancel owned runs;
           three times: exit at once.
  doctor   check endpoint, clock, credential, exchange, sandbox tiers, Cursor lane, presences.
  unpair   forget this machine&apos;s credential and pairing.
</source>
        <translation>Befehle:
  start    koppeln (mit --code) oder die gespeicherte Kopplung verwenden, dann verbunden bleiben, bis er angehalten wird.
           SIGINT/SIGTERM einmal: eigene Arbeit beenden und abmelden; zweimal: eigene Läufe abbrechen;
           dreimal: sofort beenden.
  doctor   Endpunkt, Uhr, Zugangsdaten, Austausch, Sandbox-Stufen, Cursor-Spur und Präsenzen prüfen.
  unpair   die Zugangsdaten und die Kopplung dieses Rechners vergessen.
</translation>
    </message>
    <message>
        <source>Stored settings (the tray&apos;s Settings, in the settings file that holds the pairing): the
  sandbox tier, slots, idle timeout, bubblewrap read-only paths, git cache size and Cursor
  tuple (its API key in the credential store)
  apply where flags and environment are silent. A flag wins over a variable, a variable over
  a stored value; any Cursor variable set takes the whole Cursor lane from the environment.
</source>
        <translation>Gespeicherte Einstellungen (die Einstellungen des Infobereich-Programms, in der Einstellungsdatei mit der
  Kopplung): Sandbox-Stufe, Plätze, Leerlauf-Zeitlimit, schreibgeschützte Bubblewrap-Pfade, Größe des
  git-Caches und Cursor-Tupel (sein API-Schlüssel im Zugangsdatenspeicher)
  gelten, wo Flags und Umgebung nichts sagen. Ein Flag hat Vorrang vor einer Variablen, eine Variable vor
  einem gespeicherten Wert; ist irgendeine Cursor-Variable gesetzt, kommt die ganze Cursor-Spur aus der Umgebung.
</translation>
    </message>
    <message>
        <source>Exit codes:</source>
        <translation>Exit-Codes:</translation>
    </message>
    <message>
        <source>checkfu-runner: %1</source>
        <translation>checkfu-runner: %1</translation>
    </message>
    <message>
        <source>in the settings file %1: %2</source>
        <translation>in der Einstellungsdatei %1: %2</translation>
    </message>
    <message>
        <source>Checkfu Runner: runs Checkfu agent sessions on this machine.</source>
        <translation>Checkfu Runner: führt Checkfu-Agentensitzungen auf diesem Rechner aus.</translation>
    </message>
    <message>
        <source>Start the Runner.</source>
        <translation>Den Runner starten.</translation>
    </message>
    <message>
        <source>checkfu-runner: warning: %1</source>
        <translation>checkfu-runner: Warnung: %1</translation>
    </message>
    <message>
        <source>checkfu-runner approval: run %1 waits for approval %2; decide at %3</source>
        <translation>checkfu-runner approval: Lauf %1 wartet auf Freigabe %2; entscheiden Sie über %3</translation>
    </message>
    <message>
        <source>the Checkfu dashboard</source>
        <translation>das Checkfu-Dashboard</translation>
    </message>
    <message>
        <source>checkfu-runner: stopping: finishing owned work, then signing off (interrupt again to cancel owned runs)</source>
        <translation>checkfu-runner: hält an: beendet eigene Arbeit, meldet sich dann ab (erneut unterbrechen, um eigene Läufe abzubrechen)</translation>
    </message>
    <message>
        <source>checkfu-runner: cancelling owned runs (interrupt again to exit at once)</source>
        <translation>checkfu-runner: bricht eigene Läufe ab (erneut unterbrechen, um sofort zu beenden)</translation>
    </message>
    <message>
        <source>checkfu-runner: exiting at once</source>
        <translation>checkfu-runner: wird sofort beendet</translation>
    </message>
    <message>
        <source>Check this machine&apos;s Runner setup end to end.</source>
        <translation>Die Runner-Einrichtung dieses Rechners vollständig prüfen.</translation>
    </message>
    <message>
        <source>Forget this machine&apos;s pairing and stored credential.</source>
        <translation>Die Kopplung und die gespeicherten Zugangsdaten dieses Rechners vergessen.</translation>
    </message>
    <message>
        <source>This machine is not paired; nothing to forget.</source>
        <translation>Dieser Rechner ist nicht gekoppelt; es gibt nichts zu vergessen.</translation>
    </message>
    <message>
        <source>One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input (one line). Default: %1.</source>
        <translation>Einmal-Kopplungscode (CFU-XXXX-XXXX-XXXX) zum Einlösen; - liest ihn von der Standardeingabe (eine Zeile). Standard: %1.</translation>
    </message>
    <message>
        <source>Pairing on a shared machine: every local account can read a running program&apos;s command line
  (/proc/&lt;pid&gt;/cmdline, ps), and a code read there can be redeemed first, making another
  machine this Runner. checkfu-runner hides --code&apos;s value from it at once, but not before
  the program has started; --code - (the code on standard input) and %1 never show it:
    echo &quot;$CODE&quot; | checkfu-runner start --endpoint URL --code -
</source>
        <translation>Kopplung auf einem geteilten Rechner: Jedes lokale Konto kann die Befehlszeile eines laufenden
  Programms lesen (/proc/&lt;pid&gt;/cmdline, ps), und ein dort gelesener Code kann zuerst eingelöst
  werden, sodass ein anderer Rechner zu diesem Runner wird. checkfu-runner entfernt den Wert von
  --code sofort daraus, aber erst nach dem Programmstart; --code - (der Code auf der
  Standardeingabe) und %1 zeigen ihn nie:
    echo &quot;$CODE&quot; | checkfu-runner start --endpoint URL --code -
</translation>
    </message>
    <message>
        <source>The git cache: mirrors of the repositories durable runs fetched, so that the next fetch is fast. ZDR runs never use it.</source>
        <translation>Der git-Cache: Spiegel der Repositorys, die dauerhafte Läufe abgerufen haben, damit der nächste Abruf schnell ist. ZDR-Läufe verwenden ihn nie.</translation>
    </message>
    <message>
        <source>list (the default) or clear</source>
        <translation>list (Standard) oder clear</translation>
    </message>
    <message numerus="yes">
        <source>Removed %n mirror(s) from %1.</source>
        <translation>
            <numerusform>%n Spiegel aus %1 entfernt.</numerusform>
            <numerusform>%n Spiegel aus %1 entfernt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s) are in use by a running fetch and were kept.</source>
        <translation>
            <numerusform>%n Spiegel wird von einem laufenden Abruf verwendet und wurde behalten.</numerusform>
            <numerusform>%n Spiegel werden von laufenden Abrufen verwendet und wurden behalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner cache: unknown action &apos;%1&apos;; use list or clear</source>
        <translation>checkfu-runner cache: unbekannte Aktion &apos;%1&apos;; verwenden Sie list oder clear</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB)</source>
        <translation>
            <numerusform>%n Spiegel, %1 MiB in %2 (höchstens %3 MiB)</numerusform>
            <numerusform>%n Spiegel, %1 MiB in %2 (höchstens %3 MiB)</numerusform>
        </translation>
    </message>
    <message>
        <source>Size of the git mirror cache in MiB, oldest repository out first; 0 keeps no mirrors. Default: the stored setting, else %1.</source>
        <translation>Größe des git-Spiegel-Caches in MiB, das älteste Repository geht zuerst; 0 behält keine Spiegel. Standard: die gespeicherte Einstellung, sonst %1.</translation>
    </message>
    <message>
        <source>While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: the stored setting, else ac.</source>
        <translation>Solange Läufe aktiv sind, den Rechner nicht in den Ruhezustand gehen lassen: always, ac (nur am Netzteil) oder never. Standard: die gespeicherte Einstellung, sonst ac.</translation>
    </message>
    <message>
        <source>Take no new work while on battery below this percentage; 0 never. Default: the stored setting, else 0.</source>
        <translation>Im Akkubetrieb unter diesem Prozentwert keine neue Arbeit annehmen; 0 nie. Standard: die gespeicherte Einstellung, sonst 0.</translation>
    </message>
    <message>
        <source>Take no new work while the network connection is metered: true or false. Default: the stored setting, else false.</source>
        <translation>Keine neue Arbeit annehmen, solange die Netzwerkverbindung getaktet ist: true oder false. Standard: die gespeicherte Einstellung, sonst false.</translation>
    </message>
    <message>
        <source>start, doctor, unpair, cache or snapshots</source>
        <translation>start, doctor, unpair, cache oder snapshots</translation>
    </message>
    <message>
        <source>checkfu-runner: name a command (start, doctor, unpair, cache, snapshots); see --help</source>
        <translation>checkfu-runner: Geben Sie einen Befehl an (start, doctor, unpair, cache, snapshots); siehe --help</translation>
    </message>
    <message>
        <source>checkfu-runner: unknown command &apos;%1&apos;; use start, doctor, unpair, cache or snapshots</source>
        <translation>checkfu-runner: unbekannter Befehl &apos;%1&apos;; verwenden Sie start, doctor, unpair, cache oder snapshots</translation>
    </message>
    <message>
        <source>Bound of the workspaces kept on this machine in MiB, oldest out first; a workspace the store cannot hold within it is not kept. Default: the stored setting, else %1.</source>
        <translation>Obergrenze der auf diesem Rechner aufbewahrten Arbeitsbereiche in MiB, der älteste geht zuerst; ein Arbeitsbereich, den der Speicher darin nicht halten kann, wird nicht aufbewahrt. Standard: die gespeicherte Einstellung, sonst %1.</translation>
    </message>
</context>
<context>
    <name>RunnerConfig</name>
    <message>
        <source>endpoint: not given (stored settings apply)</source>
        <translation>Endpunkt: nicht angegeben (gespeicherte Einstellungen gelten)</translation>
    </message>
    <message>
        <source>endpoint: %1 (from %2)</source>
        <translation>Endpunkt: %1 (aus %2)</translation>
    </message>
    <message>
        <source>pairing code: %1</source>
        <translation>Kopplungscode: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>label: %1</source>
        <translation>Bezeichnung: %1</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>when a daemon answers</source>
        <translation>wenn ein Daemon antwortet</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>sandbox: %1; host-process %2, bubblewrap %3, docker %4</source>
        <translation>Sandbox: %1; host-process %2, bubblewrap %3, docker %4</translation>
    </message>
    <message>
        <source>no sandbox provider is on: this Runner will not claim work</source>
        <translation>kein Sandbox-Anbieter ist eingeschaltet: Dieser Runner nimmt keine Arbeit an</translation>
    </message>
    <message>
        <source>docker unrestricted network: %1</source>
        <translation>uneingeschränktes Docker-Netzwerk: %1</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>nicht erlaubt</translation>
    </message>
    <message>
        <source>idle timeout: %1</source>
        <translation>Leerlauf-Zeitlimit: %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>cursor lane: profile %1, release %2, model %3, API key set</source>
        <translation>Cursor-Spur: Profil %1, Release %2, Modell %3, API-Schlüssel gesetzt</translation>
    </message>
    <message>
        <source>cursor lane: not configured</source>
        <translation>Cursor-Spur: nicht eingerichtet</translation>
    </message>
    <message>
        <source>workspace token: %1</source>
        <translation>Workspace-Token: %1</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>set</source>
        <translation>gesetzt</translation>
    </message>
    <message>
        <source>credential store: %1</source>
        <translation>Zugangsdatenspeicher: %1</translation>
    </message>
    <message>
        <source>slots: %1</source>
        <translation>Plätze: %1</translation>
    </message>
    <message>
        <source>bubblewrap read-only paths: %1</source>
        <translation>schreibgeschützte Bubblewrap-Pfade: %1</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1 (aus %2)</translation>
    </message>
    <message>
        <source>--label is empty. Give a display name for this machine, or leave --label out to use the host name.</source>
        <translation>--label ist leer. Geben Sie einen Anzeigenamen für diesen Rechner an, oder lassen Sie --label weg, um den Hostnamen zu verwenden.</translation>
    </message>
    <message>
        <source>--label contains a line break or control character. Use a plain one-line name.</source>
        <translation>--label enthält einen Zeilenumbruch oder ein Steuerzeichen. Verwenden Sie einen einfachen einzeiligen Namen.</translation>
    </message>
    <message>
        <source>--sandbox: unknown sandbox tier %1. Use one of: host-process, bubblewrap, docker, none.</source>
        <translation>--sandbox: unbekannte Sandbox-Stufe %1. Verwenden Sie eine von: host-process, bubblewrap, docker, none.</translation>
    </message>
    <message>
        <source>%1 is set but empty; it must be exactly true or false. Set it to true or false, or unset it.</source>
        <translation>%1 ist gesetzt, aber leer; es muss genau true oder false sein. Setzen Sie es auf true oder false, oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>%1 is %2; it must be exactly true or false (lower case, no spaces). Set it to true or false, or unset it.</source>
        <translation>%1 ist %2; es muss genau true oder false sein (Kleinbuchstaben, ohne Leerzeichen). Setzen Sie es auf true oder false, oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>%1 is too large; the maximum is 2147483647 milliseconds. Give a smaller number of milliseconds, or unset it.</source>
        <translation>%1 ist zu groß; das Maximum ist 2147483647 Millisekunden. Geben Sie eine kleinere Zahl von Millisekunden an, oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>%1 is %2; it must be a positive whole number of milliseconds, digits only (e.g. 600000). Fix the value, or unset it.</source>
        <translation>%1 ist %2; es muss eine positive ganze Zahl von Millisekunden sein, nur Ziffern (z. B. 600000). Korrigieren Sie den Wert, oder entfernen Sie ihn.</translation>
    </message>
    <message>
        <source>The Cursor lane is incomplete; not set: %1. Set these too, or unset the other Cursor variables.</source>
        <translation>Die Cursor-Spur ist unvollständig; nicht gesetzt: %1. Setzen Sie diese auch, oder entfernen Sie die anderen Cursor-Variablen.</translation>
    </message>
    <message>
        <source>%1 is set but empty. Give it a value, or unset all four Cursor variables.</source>
        <translation>%1 ist gesetzt, aber leer. Geben Sie einen Wert an, oder entfernen Sie alle vier Cursor-Variablen.</translation>
    </message>
    <message>
        <source>%1 does not have the expected shape hprof_&lt;32 lower-case hex digits&gt;@&lt;version&gt; (e.g. hprof_0123456789abcdef0123456789abcdef@1). Copy the profile version exactly.</source>
        <translation>%1 hat nicht die erwartete Form hprof_&lt;32 Hex-Ziffern in Kleinbuchstaben&gt;@&lt;Version&gt; (z. B. hprof_0123456789abcdef0123456789abcdef@1). Kopieren Sie die Profilversion genau.</translation>
    </message>
    <message>
        <source>%1 does not have the expected shape sha256:&lt;64 lower-case hex digits&gt;. Copy the release digest exactly.</source>
        <translation>%1 hat nicht die erwartete Form sha256:&lt;64 Hex-Ziffern in Kleinbuchstaben&gt;. Kopieren Sie den Release-Digest genau.</translation>
    </message>
    <message>
        <source>--credential-store is %1; use keychain or file.</source>
        <translation>--credential-store ist %1; verwenden Sie keychain oder file.</translation>
    </message>
    <message>
        <source>--slots is %1; use a whole number from 1 to 64.</source>
        <translation>--slots ist %1; verwenden Sie eine ganze Zahl von 1 bis 64.</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>Give existing absolute paths separated by &apos;:&apos;, e.g. /home/me/.local/bin:/home/me/.nvm.</source>
        <translation>Geben Sie vorhandene absolute Pfade an, getrennt durch &apos;:&apos;, z. B. /home/me/.local/bin:/home/me/.nvm.</translation>
    </message>
    <message>
        <source>%1: a path contains a line break or control character. %2</source>
        <translation>%1: Ein Pfad enthält einen Zeilenumbruch oder ein Steuerzeichen. %2</translation>
    </message>
    <message>
        <source>%1: %2 is not an absolute path. %3</source>
        <translation>%1: %2 ist kein absoluter Pfad. %3</translation>
    </message>
    <message>
        <source>%1: %2 does not exist. %3</source>
        <translation>%1: %2 existiert nicht. %3</translation>
    </message>
    <message>
        <source>%1: %2 is the whole file system; the sandbox would show everything. Allow only the directories the harness needs.</source>
        <translation>%1: %2 ist das ganze Dateisystem; die Sandbox würde alles zeigen. Erlauben Sie nur die Verzeichnisse, die die Harness braucht.</translation>
    </message>
    <message>
        <source>%1: %2 would show the Runner&apos;s own state (%3) to the harness. Allow a narrower path that does not contain it, e.g. the directory the harness is installed in.</source>
        <translation>%1: %2 würde der Harness den eigenen Zustand des Runners (%3) zeigen. Erlauben Sie einen engeren Pfad, der ihn nicht enthält, z. B. das Verzeichnis, in dem die Harness installiert ist.</translation>
    </message>
    <message>
        <source>%1 reads the pairing code from standard input, which gave none (empty, closed, or an empty line typed). Pipe the code in (echo &quot;$CODE&quot; | checkfu-runner start %1), or set %2.</source>
        <translation>%1 liest den Kopplungscode von der Standardeingabe, die keinen lieferte (leer, geschlossen oder eine leere Zeile eingegeben). Leiten Sie den Code hinein (echo &quot;$CODE&quot; | checkfu-runner start %1), oder setzen Sie %2.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>pairing code: %1 (from %2)</source>
        <translation>Kopplungscode: %1 (aus %2)</translation>
    </message>
    <message>
        <source>Pairing code: </source>
        <translation>Kopplungscode: </translation>
    </message>
    <message>
        <source>--git-cache-mib is %1; use a whole number of MiB from 0 (keep no git mirrors) to %2.</source>
        <translation>--git-cache-mib ist %1; geben Sie eine ganze Zahl an MiB von 0 (keine git-Spiegel behalten) bis %2 an.</translation>
    </message>
    <message>
        <source>--keep-awake is %1; use always, ac (only on AC power) or never.</source>
        <translation>--keep-awake ist %1; verwenden Sie always, ac (nur am Netzteil) oder never.</translation>
    </message>
    <message>
        <source>--drain-below-battery is %1; use a whole percentage from 0 (never) to 100.</source>
        <translation>--drain-below-battery ist %1; verwenden Sie einen ganzen Prozentwert von 0 (nie) bis 100.</translation>
    </message>
    <message>
        <source>--drain-on-metered is %1; use true or false.</source>
        <translation>--drain-on-metered ist %1; verwenden Sie true oder false.</translation>
    </message>
    <message>
        <source>keep awake while runs are active: %1</source>
        <translation>wach halten, solange Läufe aktiv sind: %1</translation>
    </message>
    <message>
        <source>drain on battery: %1</source>
        <translation>im Akkubetrieb abarbeiten: %1</translation>
    </message>
    <message>
        <source>below %1 %</source>
        <translation>unter %1 %</translation>
    </message>
    <message>
        <source>drain on a metered network: %1</source>
        <translation>in getakteten Netzwerken abarbeiten: %1</translation>
    </message>
    <message>
        <source>--snapshot-store-mib is %1; use a whole number of MiB from 1 to %2.</source>
        <translation>--snapshot-store-mib ist %1; geben Sie eine ganze Zahl an MiB von 1 bis %2 an.</translation>
    </message>
</context>
<context>
    <name>RunnerExit</name>
    <message>
        <source>stopped cleanly (signed off)</source>
        <translation>sauber angehalten (abgemeldet)</translation>
    </message>
    <message>
        <source>failed (see the message)</source>
        <translation>fehlgeschlagen (siehe Meldung)</translation>
    </message>
    <message>
        <source>bad command line or configuration</source>
        <translation>fehlerhafte Befehlszeile oder Konfiguration</translation>
    </message>
    <message>
        <source>pairing failed (code not used or refused)</source>
        <translation>Kopplung fehlgeschlagen (Code nicht verbraucht oder abgelehnt)</translation>
    </message>
    <message>
        <source>no credential store answers</source>
        <translation>kein Zugangsdatenspeicher antwortet</translation>
    </message>
    <message>
        <source>another Runner holds this credential</source>
        <translation>ein anderer Runner hält diese Zugangsdaten</translation>
    </message>
    <message>
        <source>not paired</source>
        <translation>nicht gekoppelt</translation>
    </message>
    <message>
        <source>the --sandbox tier cannot be realised here</source>
        <translation>die --sandbox-Stufe ist hier nicht umsetzbar</translation>
    </message>
    <message>
        <source>credential revoked by an administrator</source>
        <translation>Zugangsdaten von einem Administrator widerrufen</translation>
    </message>
    <message>
        <source>credential fenced: two processes used it (clone)</source>
        <translation>Zugangsdaten gesperrt: zwei Prozesse haben sie verwendet (Klon)</translation>
    </message>
    <message>
        <source>exited on a third interrupt</source>
        <translation>nach der dritten Unterbrechung beendet</translation>
    </message>
</context>
<context>
    <name>RunnerHost</name>
    <message>
        <source>The Cursor API key could not be read, so the Cursor lane is off: %1</source>
        <translation>Der Cursor-API-Schlüssel konnte nicht gelesen werden, daher ist die Cursor-Spur aus: %1</translation>
    </message>
    <message>
        <source>The Cursor API key could not be stored: %1</source>
        <translation>Der Cursor-API-Schlüssel konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>This machine is paired with %1 as “%2”.</source>
        <translation>Dieser Rechner ist mit %1 als „%2“ gekoppelt.</translation>
    </message>
    <message>
        <source>The Cursor lane of the current pairing could not be kept (%1), so the new pairing has none.</source>
        <translation>Die Cursor-Spur der aktuellen Kopplung konnte nicht behalten werden (%1), daher hat die neue Kopplung keine.</translation>
    </message>
    <message>
        <source>its tuple is not usable</source>
        <translation>ihr Tupel ist nicht verwendbar</translation>
    </message>
    <message>
        <source>Owner: %1</source>
        <translation>Eigentümer: %1</translation>
    </message>
    <message>
        <source>Workspace: %1 (runner pool %2)</source>
        <translation>Arbeitsbereich: %1 (Runner-Pool %2)</translation>
    </message>
    <message>
        <source>Runner: %1</source>
        <translation>Runner: %1</translation>
    </message>
</context>
<context>
    <name>RunnerPreferences</name>
    <message>
        <source>Cannot write the settings file %1.</source>
        <translation>Die Einstellungsdatei %1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>profile version</source>
        <translation>Profilversion</translation>
    </message>
    <message>
        <source>release digest</source>
        <translation>Release-Digest</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>The Cursor lane needs all four fields or none; missing: %1.</source>
        <translation>Die Cursor-Spur braucht alle vier Felder oder keines; es fehlt: %1.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>The profile version must look like hprof_&lt;32 lower-case hex digits&gt;@&lt;version&gt;, e.g. hprof_0123456789abcdef0123456789abcdef@1.</source>
        <translation>Die Profilversion muss aussehen wie hprof_&lt;32 Hex-Ziffern in Kleinbuchstaben&gt;@&lt;Version&gt;, z. B. hprof_0123456789abcdef0123456789abcdef@1.</translation>
    </message>
    <message>
        <source>The release digest must look like sha256:&lt;64 lower-case hex digits&gt;.</source>
        <translation>Der Release-Digest muss aussehen wie sha256:&lt;64 Hex-Ziffern in Kleinbuchstaben&gt;.</translation>
    </message>
</context>
<context>
    <name>RunnerSettings</name>
    <message>
        <source>cannot write the settings file %1</source>
        <translation>die Einstellungsdatei %1 kann nicht geschrieben werden</translation>
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
        <translation>Wo Läufe auf diesem Rechner ausgeführt werden. Wählen Sie die stärkste Isolierung, die dieser Rechner bietet.</translation>
    </message>
    <message>
        <source>Not checked.</source>
        <translation>Nicht geprüft.</translation>
    </message>
    <message>
        <source>&amp;Bubblewrap</source>
        <translation>&amp;Bubblewrap</translation>
    </message>
    <message>
        <source>Runs execute as processes of this machine in their own namespaces, with a read-only system and no network unless the run allows it.</source>
        <translation>Läufe werden als Prozesse dieses Rechners in eigenen Namespaces ausgeführt, mit schreibgeschütztem System und ohne Netzwerk, sofern der Lauf es nicht erlaubt.</translation>
    </message>
    <message>
        <source>&amp;Docker only</source>
        <translation>Nur &amp;Docker</translation>
    </message>
    <message>
        <source>Runs execute in containers. The Runner refuses to start when no Docker daemon answers.</source>
        <translation>Läufe werden in Containern ausgeführt. Der Runner startet nicht, wenn kein Docker-Daemon antwortet.</translation>
    </message>
    <message>
        <source>&amp;Host process</source>
        <translation>&amp;Host-Prozess</translation>
    </message>
    <message>
        <source>No isolation. Runs execute as your user, can read and change your files, and use this machine&apos;s own network without limits. Choose it only for work you would run yourself.</source>
        <translation>Keine Isolierung. Läufe werden als Ihr Benutzer ausgeführt, können Ihre Dateien lesen und ändern und das Netzwerk dieses Rechners ohne Einschränkung nutzen. Wählen Sie dies nur für Arbeit, die Sie selbst ausführen würden.</translation>
    </message>
    <message>
        <source>&amp;None on this machine</source>
        <translation>&amp;Keine auf diesem Rechner</translation>
    </message>
    <message>
        <source>Runs execute only in Docker containers, while a Docker daemon answers; without one this machine takes no work.</source>
        <translation>Läufe werden nur in Docker-Containern ausgeführt, solange ein Docker-Daemon antwortet; ohne einen nimmt dieser Rechner keine Arbeit an.</translation>
    </message>
    <message>
        <source>Except with Docker only, Docker containers are used as well whenever a Docker daemon answers.</source>
        <translation>Außer bei „Nur Docker“ werden zusätzlich Docker-Container verwendet, sobald ein Docker-Daemon antwortet.</translation>
    </message>
    <message>
        <source>Check &amp;Again</source>
        <translation>E&amp;rneut prüfen</translation>
    </message>
    <message>
        <source>Detect Docker and bubblewrap again, e.g. after installing or starting them.</source>
        <translation>Docker und Bubblewrap erneut erkennen, z. B. nach der Installation oder dem Start.</translation>
    </message>
    <message>
        <source>Choose where runs execute to continue.</source>
        <translation>Wählen Sie, wo Läufe ausgeführt werden, um fortzufahren.</translation>
    </message>
    <message>
        <source>Checking whether this machine offers it…</source>
        <translation>Prüft, ob dieser Rechner es bietet…</translation>
    </message>
    <message>
        <source>Detected on this machine.</source>
        <translation>Auf diesem Rechner erkannt.</translation>
    </message>
    <message>
        <source>Detected: %1.</source>
        <translation>Erkannt: %1.</translation>
    </message>
    <message>
        <source>Not available on this machine.</source>
        <translation>Auf diesem Rechner nicht verfügbar.</translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>Nicht verfügbar: %1.</translation>
    </message>
</context>
<context>
    <name>SandboxProbe</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap ist nicht installiert (apt install bubblewrap)</translation>
    </message>
    <message>
        <source>bwrap did not answer within 3 s</source>
        <translation>bwrap hat nicht innerhalb von 3 s geantwortet</translation>
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation>bwrap kann hier keine Namespaces erstellen: %1</translation>
    </message>
    <message>
        <source>bwrap can create namespaces</source>
        <translation>bwrap kann Namespaces erstellen</translation>
    </message>
    <message>
        <source>DOCKER_HOST %1 is not a Unix socket; only local daemons are used</source>
        <translation>DOCKER_HOST %1 ist kein Unix-Socket; nur lokale Daemons werden verwendet</translation>
    </message>
    <message>
        <source>no Docker daemon socket at %1</source>
        <translation>kein Docker-Daemon-Socket unter %1</translation>
    </message>
    <message>
        <source>the Docker daemon at %1 does not answer: %2</source>
        <translation>der Docker-Daemon unter %1 antwortet nicht: %2</translation>
    </message>
    <message>
        <source>the Docker daemon at %1 did not answer _ping</source>
        <translation>der Docker-Daemon unter %1 hat nicht auf _ping geantwortet</translation>
    </message>
    <message>
        <source>a Docker daemon answers at %1</source>
        <translation>ein Docker-Daemon antwortet unter %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Checkfu Runner Settings</source>
        <translation>Checkfu Runner – Einstellungen</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Automatic: host process, and Docker when a daemon answers</source>
        <translation>Automatisch: Host-Prozess, und Docker, wenn ein Daemon antwortet</translation>
    </message>
    <message>
        <source>Host process: no isolation, this machine&apos;s own network</source>
        <translation>Host-Prozess: keine Isolierung, das eigene Netzwerk dieses Rechners</translation>
    </message>
    <message>
        <source>Bubblewrap: host process in its own namespaces, and Docker when a daemon answers</source>
        <translation>Bubblewrap: Host-Prozess in eigenen Namespaces, und Docker, wenn ein Daemon antwortet</translation>
    </message>
    <message>
        <source>Docker only: refuse to start without a Docker daemon</source>
        <translation>Nur Docker: ohne Docker-Daemon nicht starten</translation>
    </message>
    <message>
        <source>No host tier: Docker only, when a daemon answers</source>
        <translation>Keine Host-Stufe: nur Docker, wenn ein Daemon antwortet</translation>
    </message>
    <message>
        <source>Sandbox tier</source>
        <translation>Sandbox-Stufe</translation>
    </message>
    <message>
        <source>How many runs this machine takes at once (1 to %1).</source>
        <translation>Wie viele Läufe dieser Rechner gleichzeitig annimmt (1 bis %1).</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>A turn that shows no activity for this long ends and its run fails. Empty: no timeout unless the run sets its own.</source>
        <translation>Eine Runde, die so lange keine Aktivität zeigt, endet, und ihr Lauf schlägt fehl. Leer: kein Zeitlimit, sofern der Lauf kein eigenes setzt.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Idle timeout</source>
        <translation>Leerlauf-Zeitlimit</translation>
    </message>
    <message>
        <source>Cursor lane</source>
        <translation>Cursor-Spur</translation>
    </message>
    <message>
        <source>Fill in all four fields, or none. The API key is kept in the keychain, never in the settings file; leave it empty to keep the stored one.</source>
        <translation>Füllen Sie alle vier Felder aus oder keines. Der API-Schlüssel wird im Schlüsselbund aufbewahrt, nie in der Einstellungsdatei; lassen Sie ihn leer, um den gespeicherten zu behalten.</translation>
    </message>
    <message>
        <source>Profile version</source>
        <translation>Profilversion</translation>
    </message>
    <message>
        <source>Release digest</source>
        <translation>Release-Digest</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Remove the Cursor lane: all four fields and the stored key.</source>
        <translation>Die Cursor-Spur entfernen: alle vier Felder und den gespeicherten Schlüssel.</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Notify me when</source>
        <translation>Benachrichtigen, wenn</translation>
    </message>
    <message>
        <source>a run waits for my approval</source>
        <translation>ein Lauf auf meine Freigabe wartet</translation>
    </message>
    <message>
        <source>this machine&apos;s credential was revoked</source>
        <translation>die Zugangsdaten dieses Rechners widerrufen wurden</translation>
    </message>
    <message>
        <source>another copy of this runner used its credential</source>
        <translation>eine andere Kopie dieses Runners seine Zugangsdaten verwendet hat</translation>
    </message>
    <message>
        <source>draining has finished</source>
        <translation>das Abarbeiten beendet ist</translation>
    </message>
    <message>
        <source>the runner is connected again after being offline</source>
        <translation>der Runner nach einer Offline-Zeit wieder verbunden ist</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Start Checkfu Runner when I log in</source>
        <translation>Checkfu Runner bei der Anmeldung starten</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>Ablaufverfolgung</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Fehlersuche</translation>
    </message>
    <message>
        <source>Info (default)</source>
        <translation>Info (Standard)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <source>Log level</source>
        <translation>Protokollstufe</translation>
    </message>
    <message>
        <source>%1 (not recognised)</source>
        <translation>%1 (nicht erkannt)</translation>
    </message>
    <message>
        <source>the stored key will be removed</source>
        <translation>der gespeicherte Schlüssel wird entfernt</translation>
    </message>
    <message>
        <source>stored in the keychain</source>
        <translation>im Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 (up to three decimals), or empty for none.</source>
        <translation>Das Leerlauf-Zeitlimit muss eine Zahl von Sekunden größer als 0 und höchstens 2147483,647 sein (bis zu drei Nachkommastellen), oder leer für keines.</translation>
    </message>
    <message>
        <source>The sandbox tier, slots, idle timeout, read-only paths and the Cursor lane take effect the next time the runner starts.</source>
        <translation>Sandbox-Stufe, Plätze, Leerlauf-Zeitlimit, schreibgeschützte Pfade und die Cursor-Spur gelten ab dem nächsten Start des Runners.</translation>
    </message>
    <message>
        <source>none, e.g. /home/me/.local/bin:/home/me/.nvm</source>
        <translation>keine, z. B. /home/me/.local/bin:/home/me/.nvm</translation>
    </message>
    <message>
        <source>A bubblewrap run sees only the system directories and its own directory. A harness installed elsewhere (under your home) needs its directory here: absolute paths, separated by &apos;:&apos;, shown read-only to every bubblewrap run.</source>
        <translation>Ein Bubblewrap-Lauf sieht nur die Systemverzeichnisse und sein eigenes Verzeichnis. Eine anderswo (unter Ihrem Home-Verzeichnis) installierte Harness braucht hier ihr Verzeichnis: absolute Pfade, getrennt durch &apos;:&apos;, die jedem Bubblewrap-Lauf schreibgeschützt gezeigt werden.</translation>
    </message>
    <message>
        <source>Bubblewrap read-only paths</source>
        <translation>Schreibgeschützte Bubblewrap-Pfade</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Mirrors of the repositories durable runs fetched, so that the next fetch is fast; past this size the oldest repository goes first. Off: every fetch comes from the server. Zero-data-retention runs never use it.</source>
        <translation>Spiegel der Repositorys, die dauerhafte Läufe abgerufen haben, damit der nächste Abruf schnell ist; über dieser Größe geht das älteste Repository zuerst. Aus: jeder Abruf kommt vom Server. Läufe ohne Datenaufbewahrung (ZDR) verwenden ihn nie.</translation>
    </message>
    <message>
        <source>Git mirror cache</source>
        <translation>git-Spiegel-Cache</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB used</source>
        <translation>
            <numerusform>%n Spiegel, %1 MiB belegt</numerusform>
            <numerusform>%n Spiegel, %1 MiB belegt</numerusform>
        </translation>
    </message>
    <message>
        <source>Battery and network</source>
        <translation>Akku und Netzwerk</translation>
    </message>
    <message>
        <source>Only on AC power</source>
        <translation>Nur am Netzteil</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>While runs are active the computer does not go to sleep by itself. Closing the lid still puts it to sleep; the runs&apos; output is saved first.</source>
        <translation>Solange Läufe aktiv sind, geht der Computer nicht von selbst in den Ruhezustand. Das Zuklappen versetzt ihn trotzdem in den Ruhezustand; die Ausgaben der Läufe werden vorher gesichert.</translation>
    </message>
    <message>
        <source>Keep awake while runs are active</source>
        <translation>Wach halten, solange Läufe aktiv sind</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>On battery below this charge the Runner finishes its runs but takes no new work; it takes work again by itself once the computer is plugged in.</source>
        <translation>Im Akkubetrieb unter diesem Ladestand beendet der Runner seine Läufe, nimmt aber keine neue Arbeit an; sobald der Computer am Netzteil ist, nimmt er von selbst wieder Arbeit an.</translation>
    </message>
    <message>
        <source>Pause on battery below</source>
        <translation>Im Akkubetrieb pausieren unter</translation>
    </message>
    <message>
        <source>Pause on a metered network</source>
        <translation>In getakteten Netzwerken pausieren</translation>
    </message>
    <message>
        <source>On a metered connection (a phone&apos;s hotspot) the Runner finishes its runs but takes no new work; it takes work again by itself on another network.</source>
        <translation>In einer getakteten Verbindung (dem Hotspot eines Telefons) beendet der Runner seine Läufe, nimmt aber keine neue Arbeit an; in einem anderen Netzwerk nimmt er von selbst wieder Arbeit an.</translation>
    </message>
    <message>
        <source>Workspaces of runs that asked to keep them (snapshot.on_settle), on this machine only; the control plane knows their ids, never their content. A run that starts from a deleted one is refused.</source>
        <translation>Arbeitsbereiche von Läufen, die ihre Aufbewahrung verlangt haben (snapshot.on_settle), nur auf diesem Rechner; der Steuerungsserver kennt ihre IDs, nie ihren Inhalt. Ein Lauf, der mit einem gelöschten beginnen soll, wird abgelehnt.</translation>
    </message>
    <message>
        <source>Delete all…</source>
        <translation>Alle löschen…</translation>
    </message>
    <message>
        <source>Workspaces kept</source>
        <translation>Aufbewahrte Arbeitsbereiche</translation>
    </message>
    <message>
        <source>at most %1 MiB, each kept %2 days</source>
        <translation>höchstens %1 MiB, jeder %2 Tage aufbewahrt</translation>
    </message>
    <message>
        <source>none (%1)</source>
        <translation>keine (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n workspace(s), %1 MiB (%2)</source>
        <translation>
            <numerusform>%n Arbeitsbereich, %1 MiB (%2)</numerusform>
            <numerusform>%n Arbeitsbereiche, %1 MiB (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete kept workspaces</source>
        <translation>Aufbewahrte Arbeitsbereiche löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n workspace(s) kept on this machine? Runs can no longer start from them.</source>
        <translation>
            <numerusform>Den %n auf diesem Rechner aufbewahrten Arbeitsbereich löschen? Läufe können dann nicht mehr damit beginnen.</numerusform>
            <numerusform>Die %n auf diesem Rechner aufbewahrten Arbeitsbereiche löschen? Läufe können dann nicht mehr damit beginnen.</numerusform>
        </translation>
    </message>
    <message>
        <source>deleting…</source>
        <translation>wird gelöscht…</translation>
    </message>
    <message>
        <source>Show…</source>
        <translation>Anzeigen…</translation>
    </message>
    <message>
        <source>What the runs changed in the workspaces kept on this machine</source>
        <translation>Was die Läufe in den auf diesem Rechner aufbewahrten Arbeitsbereichen geändert haben</translation>
    </message>
    <message>
        <source>runs were lost while the computer slept</source>
        <translation>Läufe verloren gingen, während der Computer im Ruhezustand war</translation>
    </message>
</context>
<context>
    <name>SingleInstance</name>
    <message>
        <source>Another Checkfu Runner is starting and holds %1.</source>
        <translation>Ein anderer Checkfu Runner startet gerade und hält %1.</translation>
    </message>
    <message>
        <source>Cannot reach the running Checkfu Runner at %1: %2</source>
        <translation>Der laufende Checkfu Runner unter %1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>The running Checkfu Runner did not accept the request (no answer within %1 s).</source>
        <translation>Der laufende Checkfu Runner hat die Anfrage nicht angenommen (keine Antwort innerhalb von %1 s).</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Auf %1 kann nicht gelauscht werden: %2</translation>
    </message>
</context>
<context>
    <name>SnapshotDiff</name>
    <message>
        <source>this machine holds no readable snapshot %1</source>
        <translation>dieser Rechner hat keinen lesbaren Snapshot %1</translation>
    </message>
    <message>
        <source>showing changes needs git (apt install git)</source>
        <translation>zum Anzeigen der Änderungen wird git benötigt (apt install git)</translation>
    </message>
    <message>
        <source>no scratch directory for the diff: %1</source>
        <translation>kein temporäres Verzeichnis für den Vergleich: %1</translation>
    </message>
    <message>
        <source>git&apos;s list of changes could not be read</source>
        <translation>die Liste der Änderungen von git war nicht lesbar</translation>
    </message>
    <message>
        <source>%1 did not change</source>
        <translation>%1 wurde nicht geändert</translation>
    </message>
    <message>
        <source>git diff failed: %1</source>
        <translation>git diff ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the diff&apos;s scratch copy %1 could not be written: %2</source>
        <translation>die temporäre Kopie %1 für den Vergleich konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>over %1 MiB</source>
        <translation>über %1 MiB</translation>
    </message>
    <message>
        <source>past the %1 MiB one diff shows (the smaller files come first)</source>
        <translation>jenseits der %1 MiB, die ein Vergleich zeigt (die kleineren Dateien zuerst)</translation>
    </message>
    <message>
        <source>its stored content is missing or damaged</source>
        <translation>sein gespeicherter Inhalt fehlt oder ist beschädigt</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one diff shows (the smaller files first), or unreadable.</source>
        <translation>
            <numerusform>%n Datei ist nicht in diesem Vergleich und seinem Patch: eine Seite über %1 MiB, jenseits der %2 MiB, die ein Vergleich zeigt (die kleineren Dateien zuerst), oder nicht lesbar.</numerusform>
            <numerusform>%n Dateien sind nicht in diesem Vergleich und seinem Patch: eine Seite über %1 MiB, jenseits der %2 MiB, die ein Vergleich zeigt (die kleineren Dateien zuerst), oder nicht lesbar.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: its stored content is missing or damaged</source>
        <translation>%1: sein gespeicherter Inhalt fehlt oder ist beschädigt</translation>
    </message>
    <message>
        <source>%1 is left out of the diff: %2</source>
        <translation>%1 ist nicht im Vergleich: %2</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>git diff could not be started: %1</source>
        <translation>git diff konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>git diff said nothing for %1 minutes</source>
        <translation>git diff hat %1 Minuten lang nichts ausgegeben</translation>
    </message>
    <message>
        <source>the patch could not be handed on (its reader went away)</source>
        <translation>der Patch konnte nicht weitergegeben werden (sein Empfänger ist nicht mehr da)</translation>
    </message>
</context>
<context>
    <name>SnapshotExport</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weiterer</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>hooks</source>
        <translation>Hooks</translation>
    </message>
    <message>
        <source>commands of an unfinished rebase</source>
        <translation>Befehle eines nicht abgeschlossenen Rebase</translation>
    </message>
    <message>
        <source>a link in a git directory</source>
        <translation>ein Link in einem Git-Verzeichnis</translation>
    </message>
    <message>
        <source>a link named .git</source>
        <translation>ein Link namens .git</translation>
    </message>
    <message>
        <source>points outside the export</source>
        <translation>zeigt aus dem Export hinaus</translation>
    </message>
    <message>
        <source>a git configuration too large to rewrite</source>
        <translation>eine Git-Konfiguration, zu groß zum Umschreiben</translation>
    </message>
    <message>
        <source>The files came from the agent: look through them before you run anything there (a build, a script, an editor&apos;s settings for the folder).</source>
        <translation>Die Dateien stammen vom Agenten: Sehen Sie sie durch, bevor Sie dort etwas ausführen (einen Build, ein Skript, die Einstellungen eines Editors für den Ordner).</translation>
    </message>
    <message>
        <source>So that git run there runs nothing the agent chose:</source>
        <translation>Damit git dort nichts ausführt, was der Agent gewählt hat:</translation>
    </message>
    <message>
        <source>- rewritten, keeping only settings that never run a command: %1</source>
        <translation>- umgeschrieben, nur Einstellungen behalten, die nie einen Befehl ausführen: %1</translation>
    </message>
    <message>
        <source>  (left out of them: %1)</source>
        <translation>  (daraus weggelassen: %1)</translation>
    </message>
    <message>
        <source>- left out: %1</source>
        <translation>- weggelassen: %1</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; choose the folder it points to, or another</source>
        <translation>%1 ist ein symbolischer Link; wählen Sie den Ordner, auf den er zeigt, oder einen anderen</translation>
    </message>
    <message>
        <source>%1 exists and is not an empty directory</source>
        <translation>%1 existiert und ist kein leeres Verzeichnis</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 belongs to another user (uid %2, not %3), who could change the files while or after they are exported. Choose a folder of your own.</source>
        <translation>%1 gehört einem anderen Benutzer (UID %2, nicht %3), der die Dateien während oder nach dem Export ändern könnte. Wählen Sie einen eigenen Ordner.</translation>
    </message>
    <message>
        <source>%1 can be written by other users (mode %2), who could change the files while or after they are exported. Choose another folder, or make it yours alone: chmod go-w %1</source>
        <translation>In %1 können andere Benutzer schreiben (Modus %2), die die Dateien während oder nach dem Export ändern könnten. Wählen Sie einen anderen Ordner, oder machen Sie ihn zu Ihrem allein: chmod go-w %1</translation>
    </message>
</context>
<context>
    <name>SnapshotManifest</name>
    <message>
        <source>manifest: its last line has no line break</source>
        <translation>Manifest: seine letzte Zeile hat keinen Zeilenumbruch</translation>
    </message>
    <message>
        <source>manifest line %1: %2</source>
        <translation>Manifest-Zeile %1: %2</translation>
    </message>
    <message>
        <source>too short</source>
        <translation>zu kurz</translation>
    </message>
    <message>
        <source>no mode</source>
        <translation>kein Modus</translation>
    </message>
    <message>
        <source>no hash</source>
        <translation>kein Hash</translation>
    </message>
    <message>
        <source>a file&apos;s mode is 755 or 644</source>
        <translation>der Modus einer Datei ist 755 oder 644</translation>
    </message>
    <message>
        <source>only a file has a mode</source>
        <translation>nur eine Datei hat einen Modus</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>unbekannter Typ</translation>
    </message>
    <message>
        <source>bad hash</source>
        <translation>ungültiger Hash</translation>
    </message>
    <message>
        <source>bad path</source>
        <translation>ungültiger Pfad</translation>
    </message>
    <message>
        <source>not sorted or listed twice</source>
        <translation>nicht sortiert oder doppelt aufgeführt</translation>
    </message>
    <message>
        <source>its directory is not listed before it</source>
        <translation>sein Verzeichnis ist nicht davor aufgeführt</translation>
    </message>
</context>
<context>
    <name>SnapshotStore</name>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>%1 lies deeper than %2 directories</source>
        <translation>%1 liegt tiefer als %2 Verzeichnisse</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot read the link %1</source>
        <translation>der Link %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: its stored content is damaged</source>
        <translation>%1: sein gespeicherter Inhalt ist beschädigt</translation>
    </message>
    <message>
        <source>this machine holds no snapshot %1</source>
        <translation>dieser Rechner hat keinen Snapshot %1</translation>
    </message>
    <message>
        <source>the stored record of snapshot %1 is damaged</source>
        <translation>der gespeicherte Eintrag von Snapshot %1 ist beschädigt</translation>
    </message>
    <message>
        <source>snapshot %1 expired at %2</source>
        <translation>Snapshot %1 ist am %2 abgelaufen</translation>
    </message>
    <message>
        <source>snapshot %1 has the digest %2, not %3</source>
        <translation>Snapshot %1 hat den Digest %2, nicht %3</translation>
    </message>
    <message>
        <source>the stored manifest of snapshot %1 is damaged</source>
        <translation>das gespeicherte Manifest von Snapshot %1 ist beschädigt</translation>
    </message>
    <message>
        <source>its record is missing or damaged</source>
        <translation>sein Eintrag fehlt oder ist beschädigt</translation>
    </message>
    <message>
        <source>its manifest does not match its digest</source>
        <translation>sein Manifest passt nicht zu seinem Digest</translation>
    </message>
    <message>
        <source>the content of %1 is missing or damaged</source>
        <translation>der Inhalt von %1 fehlt oder ist beschädigt</translation>
    </message>
    <message>
        <source>%1: its directory is missing</source>
        <translation>%1: sein Verzeichnis fehlt</translation>
    </message>
    <message>
        <source>%1: its content is missing from the store</source>
        <translation>%1: sein Inhalt fehlt im Speicher</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>the snapshot store keeps at most %1 (%2 of it for runs still going)</source>
        <translation>der Snapshot-Speicher behält höchstens %1 (davon %2 für noch laufende Ausführungen)</translation>
    </message>
    <message>
        <source>%1 (%2) does not fit: %3, sparse files counted at their full size</source>
        <translation>%1 (%2) passt nicht: %3, Dateien mit Lücken (sparse) zählen mit ihrer vollen Größe</translation>
    </message>
    <message>
        <source>the workspace and the tree it started from hold %1, more than the snapshot store keeps at most (%2)</source>
        <translation>der Arbeitsbereich und der Baum, von dem er ausging, enthalten %1, mehr als der Snapshot-Speicher höchstens behält (%2)</translation>
    </message>
</context>
<context>
    <name>SnapshotsCommand</name>
    <message>
        <source>Workspaces kept on this machine (runs with snapshot.on_settle). They never leave it; the control plane only knows their ids and digests. Kept for %1 days, at most %2 MiB in all, the oldest removed first.</source>
        <translation>Auf diesem Rechner aufbewahrte Arbeitsbereiche (Läufe mit snapshot.on_settle). Sie verlassen ihn nie; der Steuerungsserver kennt nur ihre IDs und Digests. Aufbewahrt %1 Tage, insgesamt höchstens %2 MiB, die ältesten werden zuerst entfernt.</translation>
    </message>
    <message>
        <source>list: one JSON array, for scripts</source>
        <translation>list: ein JSON-Array, für Skripte</translation>
    </message>
    <message>
        <source>list (the default), show ID, diff ID, export ID DIR, rm ID, prune or verify</source>
        <translation>list (Standard), show ID, diff ID, export ID DIR, rm ID, prune oder verify</translation>
    </message>
    <message numerus="yes">
        <source>checkfu-runner snapshots %1: expected %n argument(s); see --help</source>
        <translation>
            <numerusform>checkfu-runner snapshots %1: %n Argument erwartet; siehe --help</numerusform>
            <numerusform>checkfu-runner snapshots %1: %n Argumente erwartet; siehe --help</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner snapshots: unknown action &apos;%1&apos;; use list, show, diff, export, rm, prune or verify</source>
        <translation>checkfu-runner snapshots: unbekannte Aktion &apos;%1&apos;; verwenden Sie list, show, diff, export, rm, prune oder verify</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots: this machine holds no snapshot &apos;%1&apos; (see snapshots list)</source>
        <translation>checkfu-runner snapshots: dieser Rechner hat keinen Snapshot &apos;%1&apos; (siehe snapshots list)</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s), %1 MiB in %2 (kept %3 days, at most %4 MiB)</source>
        <translation>
            <numerusform>%n Snapshot, %1 MiB in %2 (aufbewahrt %3 Tage, höchstens %4 MiB)</numerusform>
            <numerusform>%n Snapshots, %1 MiB in %2 (aufbewahrt %3 Tage, höchstens %4 MiB)</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshot %1</source>
        <translation>Snapshot %1</translation>
    </message>
    <message>
        <source>  digest:   %1</source>
        <translation>  Digest:   %1</translation>
    </message>
    <message>
        <source>  run:      %1 (%2)</source>
        <translation>  Lauf:     %1 (%2)</translation>
    </message>
    <message>
        <source>  taken:    %1</source>
        <translation>  erstellt: %1</translation>
    </message>
    <message>
        <source>  expires:  %1</source>
        <translation>  läuft ab: %1</translation>
    </message>
    <message>
        <source>  files:    %1 (%2 bytes)</source>
        <translation>  Dateien:  %1 (%2 Bytes)</translation>
    </message>
    <message>
        <source>  base:     git %1</source>
        <translation>  Basis:    git %1</translation>
    </message>
    <message>
        <source>  changes:  %1 added, %2 modified, %3 deleted</source>
        <translation>  Änderungen: %1 hinzugefügt, %2 geändert, %3 gelöscht</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots export: %1</source>
        <translation>checkfu-runner snapshots export: %1</translation>
    </message>
    <message>
        <source>Exported %1 to %2 (every file checked against its digest).</source>
        <translation>%1 nach %2 exportiert (jede Datei gegen ihren Digest geprüft).</translation>
    </message>
    <message>
        <source>Removed %1; %2 MiB freed.</source>
        <translation>%1 entfernt; %2 MiB freigegeben.</translation>
    </message>
    <message>
        <source>%1 expired and %2 over the size limit removed; %3 MiB freed.</source>
        <translation>%1 abgelaufene und %2 über der Größengrenze entfernt; %3 MiB freigegeben.</translation>
    </message>
    <message>
        <source>%1  ok</source>
        <translation>%1  in Ordnung</translation>
    </message>
    <message>
        <source>%1  DAMAGED: %2 (it will never be restored; remove it with snapshots rm)</source>
        <translation>%1  BESCHÄDIGT: %2 (er wird nie wiederhergestellt; entfernen Sie ihn mit snapshots rm)</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) checked, %1 damaged.</source>
        <translation>
            <numerusform>%n Snapshot geprüft, %1 beschädigt.</numerusform>
            <numerusform>%n Snapshots geprüft, %1 beschädigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1</source>
        <translation>checkfu-runner snapshots diff: %1</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1: left out, %2</source>
        <translation>checkfu-runner snapshots diff: %1: nicht enthalten, %2</translation>
    </message>
    <message>
        <source>checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` writes every file.</source>
        <translation>checkfu-runner snapshots diff: %1 `checkfu-runner snapshots export %2 DIR` schreibt jede Datei.</translation>
    </message>
</context>
<context>
    <name>StatusWindow</name>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
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
        <translation>Checkfu Runner im Infobereich: führt Checkfu-Agentensitzungen auf diesem Rechner aus. Die Flags und Umgebungsvariablen sind die von `checkfu-runner start`.</translation>
    </message>
    <message>
        <source>Control plane URL (https, or http to loopback).</source>
        <translation>URL des Steuerungsservers (https, oder http an Loopback).</translation>
    </message>
    <message>
        <source>This machine&apos;s display label. Default: the host name.</source>
        <translation>Die angezeigte Bezeichnung dieses Rechners. Standard: der Hostname.</translation>
    </message>
    <message>
        <source>Sandbox tier: host-process, bubblewrap, docker or none.</source>
        <translation>Sandbox-Stufe: host-process, bubblewrap, docker oder none.</translation>
    </message>
    <message>
        <source>Where the credential is kept: keychain (default) or file.</source>
        <translation>Wo die Zugangsdaten aufbewahrt werden: keychain (Standard) oder file.</translation>
    </message>
    <message>
        <source>Runs at once (1-64). Default: 1.</source>
        <translation>Läufe gleichzeitig (1-64). Standard: 1.</translation>
    </message>
    <message>
        <source>trace, debug, info (default), warn or error.</source>
        <translation>trace, debug, info (Standard), warn oder error.</translation>
    </message>
    <message>
        <source>A checkfu://pair?code=…&amp;endpoint=… link: opens the pairing wizard with it filled in.</source>
        <translation>Ein Link checkfu://pair?code=…&amp;endpoint=…: öffnet den Kopplungsassistenten damit ausgefüllt.</translation>
    </message>
    <message>
        <source>checkfu-tray takes no arguments besides its flags and a checkfu://pair link; see --help.</source>
        <translation>checkfu-tray nimmt außer seinen Flags und einem checkfu://pair-Link keine Argumente; siehe --help.</translation>
    </message>
    <message>
        <source>--log-level: use trace, debug, info, warn or error.</source>
        <translation>--log-level: Verwenden Sie trace, debug, info, warn oder error.</translation>
    </message>
    <message>
        <source>Paths a bubblewrap sandbox shows read-only, &apos;:&apos;-separated. Repeatable.</source>
        <translation>Pfade, die eine Bubblewrap-Sandbox schreibgeschützt zeigt, durch &apos;:&apos; getrennt. Wiederholbar.</translation>
    </message>
    <message>
        <source>One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input. On a shared machine use - or %1: every local account can read a command line.</source>
        <translation>Einmal-Kopplungscode (CFU-XXXX-XXXX-XXXX) zum Einlösen; - liest ihn von der Standardeingabe. Auf einem geteilten Rechner verwenden Sie - oder %1: Jedes lokale Konto kann eine Befehlszeile lesen.</translation>
    </message>
    <message>
        <source>Size of the git mirror cache in MiB; 0 keeps no mirrors. Default: %1.</source>
        <translation>Größe des git-Spiegel-Caches in MiB; 0 behält keine Spiegel. Standard: %1.</translation>
    </message>
    <message>
        <source>While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. Default: ac.</source>
        <translation>Solange Läufe aktiv sind, den Rechner nicht in den Ruhezustand gehen lassen: always, ac (nur am Netzteil) oder never. Standard: ac.</translation>
    </message>
    <message>
        <source>Take no new work while on battery below this percentage; 0 never. Default: 0.</source>
        <translation>Im Akkubetrieb unter diesem Prozentwert keine neue Arbeit annehmen; 0 nie. Standard: 0.</translation>
    </message>
    <message>
        <source>Take no new work while the network connection is metered: true or false. Default: false.</source>
        <translation>Keine neue Arbeit annehmen, solange die Netzwerkverbindung getaktet ist: true oder false. Standard: false.</translation>
    </message>
    <message>
        <source>Shows what a run changed in a workspace kept on this machine: a snapshot id (see `checkfu-runner snapshots list`), or latest.</source>
        <translation>Zeigt, was ein Lauf in einem auf diesem Rechner aufbewahrten Arbeitsbereich geändert hat: eine Snapshot-ID (siehe `checkfu-runner snapshots list`) oder latest.</translation>
    </message>
    <message>
        <source>Bound of the workspaces kept on this machine in MiB. Default: %1.</source>
        <translation>Obergrenze der auf diesem Rechner aufbewahrten Arbeitsbereiche in MiB. Standard: %1.</translation>
    </message>
</context>
<context>
    <name>TrayHooks</name>
    <message>
        <source>1 run is in flight. Quitting lets it finish first and takes no new work. Quit when it is done?</source>
        <translation>1 Lauf ist in Arbeit. Beim Beenden wird er erst abgeschlossen, und es wird keine neue Arbeit angenommen. Beenden, wenn er fertig ist?</translation>
    </message>
    <message>
        <source>%1 runs are in flight. Quitting lets them finish first and takes no new work. Quit when they are done?</source>
        <translation>%1 Läufe sind in Arbeit. Beim Beenden werden sie erst abgeschlossen, und es wird keine neue Arbeit angenommen. Beenden, wenn sie fertig sind?</translation>
    </message>
    <message>
        <source>Quit Checkfu Runner</source>
        <translation>Checkfu Runner beenden</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Cancel “%1”? The harness is stopped and the run ends as cancelled on this machine.</source>
        <translation>„%1“ abbrechen? Der Harness wird angehalten und der Lauf endet auf diesem Rechner als abgebrochen.</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>This desktop shows no system tray (on GNOME it needs the AppIndicator extension), so Checkfu Runner keeps this window open instead. Closing it quits the Runner.</source>
        <translation>Diese Arbeitsumgebung zeigt keinen Infobereich (unter GNOME braucht es die Erweiterung AppIndicator), daher hält Checkfu Runner stattdessen dieses Fenster offen. Schließen des Fensters beendet den Runner.</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Pair this machine…</source>
        <translation>Diesen Rechner koppeln…</translation>
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
        <source>1 approval waiting</source>
        <translation>1 Freigabe wartet</translation>
    </message>
    <message>
        <source>%1 approvals waiting</source>
        <translation>%1 Freigaben warten</translation>
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
        <translation>Arbeitet ab — %1 übrig</translation>
    </message>
    <message>
        <source>Draining — taking no new work</source>
        <translation>Arbeitet ab — nimmt keine neue Arbeit an</translation>
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
        <source>Revoked — this machine&apos;s pairing was withdrawn</source>
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
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Checkfu Runner — %1</source>
        <translation>Checkfu Runner — %1</translation>
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
        <translation>Abarbeiten — Läufe beenden, keine neue Arbeit</translation>
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
        <source>an agent&apos;s request</source>
        <translation>die Anfrage eines Agenten</translation>
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
        <translation>jetzt (verbunden seit %1)</translation>
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
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Show activity…</source>
        <translation>Aktivität anzeigen…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>untitled run</source>
        <translation>Lauf ohne Titel</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Given up</source>
        <translation>Aufgegeben</translation>
    </message>
    <message>
        <source>its sandbox tier is not available here</source>
        <translation>seine Sandbox-Stufe ist hier nicht verfügbar</translation>
    </message>
    <message>
        <source>its network boundary is not available here</source>
        <translation>seine Netzwerkgrenze ist hier nicht verfügbar</translation>
    </message>
    <message>
        <source>its retention mode is not available here</source>
        <translation>sein Aufbewahrungsmodus ist hier nicht verfügbar</translation>
    </message>
    <message>
        <source>its harness driver is not supported</source>
        <translation>sein Harness-Treiber wird nicht unterstützt</translation>
    </message>
    <message>
        <source>its launch kind is not supported</source>
        <translation>seine Startart wird nicht unterstützt</translation>
    </message>
    <message>
        <source>it asks for more resources than allowed</source>
        <translation>er verlangt mehr Ressourcen als erlaubt</translation>
    </message>
    <message>
        <source>its harness and model do not match</source>
        <translation>Harness und Modell passen nicht zusammen</translation>
    </message>
    <message>
        <source>one of its mounts is not supported</source>
        <translation>eine seiner Einbindungen wird nicht unterstützt</translation>
    </message>
    <message>
        <source>its run spec is invalid</source>
        <translation>seine Laufbeschreibung ist ungültig</translation>
    </message>
    <message>
        <source>the harness exited with an error</source>
        <translation>der Harness endete mit einem Fehler</translation>
    </message>
    <message>
        <source>the harness was killed by a signal</source>
        <translation>der Harness wurde durch ein Signal beendet</translation>
    </message>
    <message>
        <source>the harness could not be started</source>
        <translation>der Harness konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>the harness was silent too long</source>
        <translation>der Harness war zu lange still</translation>
    </message>
    <message>
        <source>it ran past its time limit</source>
        <translation>er überschritt sein Zeitlimit</translation>
    </message>
    <message>
        <source>cancelled from the dashboard</source>
        <translation>im Dashboard abgebrochen</translation>
    </message>
    <message>
        <source>cancelled on this machine</source>
        <translation>auf diesem Rechner abgebrochen</translation>
    </message>
    <message>
        <source>the agent ended mid-session</source>
        <translation>der Agent endete mitten in der Sitzung</translation>
    </message>
    <message>
        <source>the agent broke the protocol</source>
        <translation>der Agent hat das Protokoll verletzt</translation>
    </message>
    <message>
        <source>its in-memory buffer filled up during an outage</source>
        <translation>sein Speicherpuffer lief während eines Ausfalls voll</translation>
    </message>
    <message>
        <source>the Runner restarted</source>
        <translation>der Runner wurde neu gestartet</translation>
    </message>
    <message>
        <source>Open dashboard</source>
        <translation>Dashboard öffnen</translation>
    </message>
    <message>
        <source>%1… %2 %</source>
        <translation>%1… %2 %</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>its workspace could not be materialised</source>
        <translation>sein Arbeitsbereich konnte nicht bereitgestellt werden</translation>
    </message>
    <message>
        <source>%1 — %2 left</source>
        <translation>%1 — %2 übrig</translation>
    </message>
    <message>
        <source>The computer slept for %1.</source>
        <translation>Der Computer war %1 im Ruhezustand.</translation>
    </message>
    <message>
        <source>Takes work again by itself once the computer is plugged in and on a network that is not metered.</source>
        <translation>Nimmt von selbst wieder Arbeit an, sobald der Computer am Netzteil und in einem nicht getakteten Netzwerk ist.</translation>
    </message>
    <message>
        <source>Takes work again by itself once the computer is plugged in.</source>
        <translation>Nimmt von selbst wieder Arbeit an, sobald der Computer am Netzteil ist.</translation>
    </message>
    <message>
        <source>Takes work again by itself on a network that is not metered.</source>
        <translation>Nimmt in einem nicht getakteten Netzwerk von selbst wieder Arbeit an.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) going</source>
        <translation>
            <numerusform>%n Lauf läuft</numerusform>
            <numerusform>%n Läufe laufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The computer slept for %1; %n run(s) lost.</source>
        <translation>
            <numerusform>Der Computer war %1 im Ruhezustand; %n Lauf ging verloren.</numerusform>
            <numerusform>Der Computer war %1 im Ruhezustand; %n Läufe gingen verloren.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show activity — %n run(s) going…</source>
        <translation>
            <numerusform>Aktivität anzeigen — %n Lauf läuft…</numerusform>
            <numerusform>Aktivität anzeigen — %n Läufe laufen…</numerusform>
        </translation>
    </message>
    <message>
        <source>the workspace it starts from is not kept on this machine</source>
        <translation>der Arbeitsbereich, mit dem er beginnt, ist auf diesem Rechner nicht aufbewahrt</translation>
    </message>
    <message numerus="yes">
        <source>Platform tools: %n call(s)</source>
        <translation>
            <numerusform>Plattformwerkzeuge: %n Aufruf</numerusform>
            <numerusform>Plattformwerkzeuge: %n Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>it asks for platform tools this machine does not relay</source>
        <translation>er verlangt Plattformwerkzeuge, die dieser Rechner nicht weiterleitet</translation>
    </message>
</context>
<context>
    <name>UnpairDialog</name>
    <message>
        <source>Unpair This Machine</source>
        <translation>Diesen Rechner entkoppeln</translation>
    </message>
    <message>
        <source>&lt;p&gt;Unpairing stops the runner and makes this machine forget runner &lt;b&gt;%1&lt;/b&gt; at %2: its pairing and its credential are removed from this machine. To use this machine again, pair it with a new code.&lt;/p&gt;&lt;p&gt;The control plane is not told: a runner cannot deregister itself. It keeps runner %1 on record, and its credential stays valid there, until an administrator revokes it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Das Entkoppeln hält den Runner an und lässt diesen Rechner den Runner &lt;b&gt;%1&lt;/b&gt; bei %2 vergessen: Seine Kopplung und seine Zugangsdaten werden von diesem Rechner entfernt. Um diesen Rechner wieder zu verwenden, koppeln Sie ihn mit einem neuen Code.&lt;/p&gt;&lt;p&gt;Der Steuerungsserver wird nicht benachrichtigt: Ein Runner kann sich nicht selbst abmelden. Er führt den Runner %1 weiter, und dessen Zugangsdaten bleiben dort gültig, bis ein Administrator sie widerruft.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Unpair</source>
        <translation>Entkoppeln</translation>
    </message>
    <message>
        <source>Stopping the runner and forgetting the pairing…</source>
        <translation>Der Runner wird angehalten und die Kopplung vergessen…</translation>
    </message>
    <message>
        <source>This machine is no longer paired.</source>
        <translation>Dieser Rechner ist nicht mehr gekoppelt.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Unpairing failed.</source>
        <translation>Entkoppeln fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
</context>
<context>
    <name>WorkloadIdentity</name>
    <message>
        <source>This machine was disconnected from Checkfu by an administrator. Its credential has been forgotten; pair it again with a new code to reconnect.</source>
        <translation>Dieser Rechner wurde von einem Administrator von Checkfu getrennt. Seine Zugangsdaten wurden vergessen; koppeln Sie ihn mit einem neuen Code erneut, um die Verbindung wiederherzustellen.</translation>
    </message>
    <message>
        <source>Two Runner processes used this machine&apos;s credential at once (a copied or cloned setup), so Checkfu revoked it. The credential has been forgotten; pair this machine again with a new code.</source>
        <translation>Zwei Runner-Prozesse haben die Zugangsdaten dieses Rechners gleichzeitig verwendet (eine kopierte oder geklonte Einrichtung), daher hat Checkfu sie widerrufen. Die Zugangsdaten wurden vergessen; koppeln Sie diesen Rechner mit einem neuen Code erneut.</translation>
    </message>
    <message>
        <source>The control plane does not recognise this machine&apos;s credential. Pair the machine again (checkfu-runner unpair, then start --code).</source>
        <translation>Der Steuerungsserver erkennt die Zugangsdaten dieses Rechners nicht. Koppeln Sie den Rechner erneut (checkfu-runner unpair, dann start --code).</translation>
    </message>
    <message>
        <source>The control plane refused the Runner&apos;s identity: %1</source>
        <translation>Der Steuerungsserver hat die Identität des Runners abgelehnt: %1</translation>
    </message>
</context>
<context>
    <name>WorkspaceChangesDialog</name>
    <message>
        <source>Workspace changes</source>
        <translation>Änderungen im Arbeitsbereich</translation>
    </message>
    <message>
        <source>Workspace:</source>
        <translation>Arbeitsbereich:</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Save patch…</source>
        <translation>Patch speichern…</translation>
    </message>
    <message>
        <source>Every change as one patch file: git apply in the prepared tree makes it the kept one</source>
        <translation>Alle Änderungen als eine Patch-Datei: git apply im vorbereiteten Verzeichnisbaum ergibt den aufbewahrten</translation>
    </message>
    <message>
        <source>Export files…</source>
        <translation>Dateien exportieren…</translation>
    </message>
    <message>
        <source>Reading the workspaces kept on this machine…</source>
        <translation>Die auf diesem Rechner aufbewahrten Arbeitsbereiche werden gelesen…</translation>
    </message>
    <message>
        <source>%1 — %2 (%3 added, %4 modified, %5 deleted)</source>
        <translation>%1 — %2 (%3 hinzugefügt, %4 geändert, %5 gelöscht)</translation>
    </message>
    <message>
        <source>No workspace is kept on this machine. A run keeps its workspace when its Session asks for it (snapshot.on_settle).</source>
        <translation>Auf diesem Rechner ist kein Arbeitsbereich aufbewahrt. Ein Lauf bewahrt seinen Arbeitsbereich auf, wenn seine Session das verlangt (snapshot.on_settle).</translation>
    </message>
    <message>
        <source>The workspace %1 is no longer kept on this machine (removed or expired).</source>
        <translation>Der Arbeitsbereich %1 ist auf diesem Rechner nicht mehr aufbewahrt (gelöscht oder abgelaufen).</translation>
    </message>
    <message>
        <source>Comparing the workspace with the tree it started from…</source>
        <translation>Der Arbeitsbereich wird mit seinem Ausgangszustand verglichen…</translation>
    </message>
    <message>
        <source>The changes cannot be shown: %1</source>
        <translation>Die Änderungen können nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>the workspace as it was prepared</source>
        <translation>dem Arbeitsbereich, wie er vorbereitet wurde</translation>
    </message>
    <message>
        <source>git commit %1 as it was prepared</source>
        <translation>dem vorbereiteten git-Commit %1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed, compared with %1. Kept until %2; %3 in all.</source>
        <translation>
            <numerusform>%n Datei geändert, verglichen mit %1. Aufbewahrt bis %2; insgesamt %3.</numerusform>
            <numerusform>%n Dateien geändert, verglichen mit %1. Aufbewahrt bis %2; insgesamt %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>over 16 MiB</source>
        <translation>über 16 MiB</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>binär</translation>
    </message>
    <message>
        <source>The run changed no file.</source>
        <translation>Der Lauf hat keine Datei geändert.</translation>
    </message>
    <message>
        <source>
… (the rest is in the patch: Save patch…)</source>
        <translation>
… (der Rest steht im Patch: Patch speichern…)</translation>
    </message>
    <message>
        <source>Save patch</source>
        <translation>Patch speichern</translation>
    </message>
    <message>
        <source>Patches (*.patch *.diff)</source>
        <translation>Patches (*.patch *.diff)</translation>
    </message>
    <message>
        <source>Writing the patch…</source>
        <translation>Der Patch wird geschrieben…</translation>
    </message>
    <message>
        <source>Saved the patch to %1 (git apply in the prepared tree applies it).</source>
        <translation>Der Patch wurde in %1 gespeichert (git apply im vorbereiteten Verzeichnisbaum wendet ihn an).</translation>
    </message>
    <message>
        <source>The patch was not saved: %1</source>
        <translation>Der Patch wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Export the workspace to</source>
        <translation>Arbeitsbereich exportieren nach</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Wird exportiert…</translation>
    </message>
    <message>
        <source>Exported the workspace to %1 (every file checked against its digest).</source>
        <translation>Der Arbeitsbereich wurde nach %1 exportiert (jede Datei gegen ihre Prüfsumme geprüft).</translation>
    </message>
    <message>
        <source>The workspace was not exported: %1</source>
        <translation>Der Arbeitsbereich wurde nicht exportiert: %1</translation>
    </message>
    <message>
        <source>The whole workspace as the agent left it, into a folder you choose; what would make git run commands the agent chose is left out</source>
        <translation>Der ganze Arbeitsbereich, wie der Agent ihn hinterlassen hat, in einen Ordner Ihrer Wahl; was git dazu brächte, vom Agenten gewählte Befehle auszuführen, wird weggelassen</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>nicht enthalten</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>Export files… writes every file.</source>
        <translation>„Dateien exportieren…“ schreibt jede Datei.</translation>
    </message>
</context>
<context>
    <name>WorkspaceFileAccess</name>
    <message>
        <source>the run&apos;s workspace is not available</source>
        <translation>der Arbeitsbereich des Laufs ist nicht verfügbar</translation>
    </message>
    <message>
        <source>&quot;path&quot; must be an absolute path inside %1; got &quot;%2&quot;</source>
        <translation>&quot;path&quot; muss ein absoluter Pfad innerhalb von %1 sein; erhalten: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 is outside the run&apos;s workspace %2; refused</source>
        <translation>%1 liegt außerhalb des Arbeitsbereichs %2 des Laufs; abgelehnt</translation>
    </message>
    <message>
        <source>%1 leads outside the run&apos;s workspace through a symbolic link; refused</source>
        <translation>%1 führt über einen symbolischen Link aus dem Arbeitsbereich des Laufs hinaus; abgelehnt</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1 is a directory</source>
        <translation>%1 ist ein Verzeichnis</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MiB, the most the Runner reads for an agent</source>
        <translation>%1 ist größer als %2 MiB, das Höchstmaß, das der Runner für einen Agenten liest</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 is more than %2 directories deep; refused</source>
        <translation>%1 liegt mehr als %2 Verzeichnisse tief; abgelehnt</translation>
    </message>
    <message>
        <source>%1 goes through a file as if it were a directory</source>
        <translation>%1 führt durch eine Datei, als wäre sie ein Verzeichnis</translation>
    </message>
    <message>
        <source>%1 goes through a symbolic link that points nowhere; refused</source>
        <translation>%1 führt durch einen symbolischen Link, der ins Leere zeigt; abgelehnt</translation>
    </message>
    <message>
        <source>%1 goes through more than %2 symbolic links (a loop?); refused</source>
        <translation>%1 führt durch mehr als %2 symbolische Links (eine Schleife?); abgelehnt</translation>
    </message>
    <message>
        <source>%1 kept changing while the Runner looked it up; try again</source>
        <translation>%1 hat sich ständig geändert, während der Runner es nachschlug; versuchen Sie es erneut</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Checkfu Runner</source>
        <translation>Checkfu Runner</translation>
    </message>
</context>
<context>
    <name>runnercore::AcpDriver</name>
    <message>
        <source>the agent wrote a line of more than %1 MiB (%2 bytes so far) to stdout; the run was stopped before it could exhaust memory</source>
        <translation>der Agent hat eine Zeile von mehr als %1 MiB (bisher %2 Bytes) auf stdout geschrieben; der Lauf wurde angehalten, bevor er den Speicher erschöpfen konnte</translation>
    </message>
    <message>
        <source>the agent refused initialize: %1 (code %2)</source>
        <translation>der Agent hat initialize abgelehnt: %1 (Code %2)</translation>
    </message>
    <message>
        <source>no protocol version</source>
        <translation>keine Protokollversion</translation>
    </message>
    <message>
        <source>ACP protocol version %1</source>
        <translation>ACP-Protokollversion %1</translation>
    </message>
    <message>
        <source>a protocol version that is not an integer</source>
        <translation>eine Protokollversion, die keine ganze Zahl ist</translation>
    </message>
    <message>
        <source>the agent answered initialize with %1; this Runner speaks ACP protocol version %2 only, so it disconnected</source>
        <translation>der Agent hat initialize mit %1 beantwortet; dieser Runner spricht nur die ACP-Protokollversion %2, daher hat er die Verbindung getrennt</translation>
    </message>
    <message>
        <source>the agent refused session/new: %1 (code %2)</source>
        <translation>der Agent hat session/new abgelehnt: %1 (Code %2)</translation>
    </message>
    <message>
        <source>the agent answered session/new without a sessionId</source>
        <translation>der Agent hat session/new ohne sessionId beantwortet</translation>
    </message>
    <message>
        <source>the agent answered session/prompt with an error: %1 (code %2)</source>
        <translation>der Agent hat session/prompt mit einem Fehler beantwortet: %1 (Code %2)</translation>
    </message>
    <message>
        <source>the agent answered session/prompt without a stopReason</source>
        <translation>der Agent hat session/prompt ohne stopReason beantwortet</translation>
    </message>
    <message>
        <source>a prompt directive without a turn_id or content blocks was ignored</source>
        <translation>eine Prompt-Anweisung ohne turn_id oder Inhaltsblöcke wurde ignoriert</translation>
    </message>
    <message>
        <source>a prompt directive (turn %1) arrived after close and was ignored</source>
        <translation>eine Prompt-Anweisung (Runde %1) kam nach dem Schließen an und wurde ignoriert</translation>
    </message>
    <message>
        <source>a decision for approval %1, which is not pending, was ignored</source>
        <translation>eine Entscheidung zur Freigabe %1, die nicht aussteht, wurde ignoriert</translation>
    </message>
    <message>
        <source>the decision for approval %1 names option &quot;%2&quot;, which was not offered (offered: %3); ignored</source>
        <translation>die Entscheidung zur Freigabe %1 nennt die Option &quot;%2&quot;, die nicht angeboten wurde (angeboten: %3); ignoriert</translation>
    </message>
    <message>
        <source>a decision for approval %1 has the outcome &quot;%2&quot;; it must be selected or cancelled; ignored</source>
        <translation>eine Entscheidung zur Freigabe %1 hat das Ergebnis &quot;%2&quot;; es muss selected oder cancelled sein; ignoriert</translation>
    </message>
    <message>
        <source>unknown sessionId</source>
        <translation>unbekannte sessionId</translation>
    </message>
    <message>
        <source>the agent asked for permission while %1 requests were already waiting for a decision, the most the Runner keeps per run; the request was answered cancelled</source>
        <translation>der Agent hat um Erlaubnis gebeten, während bereits %1 Anfragen auf eine Entscheidung warteten, das Höchstmaß, das der Runner je Lauf hält; die Anfrage wurde mit cancelled beantwortet</translation>
    </message>
    <message>
        <source>the agent keeps asking for permission beyond %1 pending requests; further ones are answered cancelled without a warning</source>
        <translation>der Agent bittet über %1 ausstehende Anfragen hinaus um Erlaubnis; weitere werden ohne Warnung mit cancelled beantwortet</translation>
    </message>
    <message>
        <source>session/request_permission needs at least one option</source>
        <translation>session/request_permission braucht mindestens eine Option</translation>
    </message>
    <message>
        <source>the agent asked for permission without offering any option</source>
        <translation>der Agent hat um Erlaubnis gebeten, ohne eine Option anzubieten</translation>
    </message>
    <message>
        <source>The agent asks for permission</source>
        <translation>Der Agent bittet um Erlaubnis</translation>
    </message>
    <message>
        <source>&quot;line&quot; and &quot;limit&quot; must be non-negative integers</source>
        <translation>&quot;line&quot; und &quot;limit&quot; müssen nicht negative ganze Zahlen sein</translation>
    </message>
    <message>
        <source>&quot;content&quot; must be a string</source>
        <translation>&quot;content&quot; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>method not found: %1</source>
        <translation>Methode nicht gefunden: %1</translation>
    </message>
    <message>
        <source>the agent wrote a line that is not a JSON-RPC message to stdout (%1 bytes, %2); it was skipped</source>
        <translation>der Agent hat eine Zeile auf stdout geschrieben, die keine JSON-RPC-Nachricht ist (%1 Bytes, %2); sie wurde übersprungen</translation>
    </message>
    <message>
        <source>the agent keeps writing lines that are not JSON-RPC messages; further ones are skipped without a warning</source>
        <translation>der Agent schreibt weiter Zeilen, die keine JSON-RPC-Nachrichten sind; weitere werden ohne Warnung übersprungen</translation>
    </message>
    <message>
        <source>the agent exited</source>
        <translation>der Agent wurde beendet</translation>
    </message>
</context>
<context>
    <name>runnercore::DockerProcess</name>
    <message>
        <source>cannot run docker: %1</source>
        <translation>docker kann nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>docker create failed: %1</source>
        <translation>docker create fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>runnercore::DockerProvider</name>
    <message>
        <source>not checked yet</source>
        <translation>noch nicht geprüft</translation>
    </message>
    <message>
        <source>the Docker daemon gave no version</source>
        <translation>der Docker-Daemon hat keine Version genannt</translation>
    </message>
    <message>
        <source>no Docker daemon answers: %1</source>
        <translation>kein Docker-Daemon antwortet: %1</translation>
    </message>
    <message>
        <source>the workspace of run %1 was not prepared</source>
        <translation>der Arbeitsbereich von Lauf %1 wurde nicht vorbereitet</translation>
    </message>
    <message>
        <source>the run has no image or no argv</source>
        <translation>der Lauf hat kein Image oder keine argv</translation>
    </message>
    <message>
        <source>the mount target %1 cannot be used with docker (it must be absolute, without &apos;:&apos; or &apos;,&apos;)</source>
        <translation>das Einbindungsziel %1 ist mit Docker nicht verwendbar (es muss absolut sein, ohne &apos;:&apos; oder &apos;,&apos;)</translation>
    </message>
    <message>
        <source>the environment variable %1 contains a line break, which docker cannot pass</source>
        <translation>die Umgebungsvariable %1 enthält einen Zeilenumbruch, den Docker nicht übergeben kann</translation>
    </message>
    <message>
        <source>cannot write the container&apos;s environment file in %1</source>
        <translation>die Umgebungsdatei des Containers kann in %1 nicht geschrieben werden</translation>
    </message>
    <message>
        <source>the mount target %1 cannot be used with docker (no &apos;:&apos; or &apos;,&apos;)</source>
        <translation>das Einbindungsziel %1 kann mit Docker nicht verwendet werden (kein &apos;:&apos; oder &apos;,&apos;)</translation>
    </message>
</context>
<context>
    <name>runnercore::Doctor</name>
    <message>
        <source>no endpoint configured</source>
        <translation>kein Endpunkt eingerichtet</translation>
    </message>
    <message>
        <source>pass --endpoint URL or set %1</source>
        <translation>geben Sie --endpoint URL an oder setzen Sie %1</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 antwortet nicht: %2</translation>
    </message>
    <message>
        <source>check the URL, your network, and that the control plane is running</source>
        <translation>prüfen Sie die URL, Ihr Netzwerk und ob der Steuerungsserver läuft</translation>
    </message>
    <message>
        <source>%1 serves protocol %2</source>
        <translation>%1 bedient Protokoll %2</translation>
    </message>
    <message>
        <source>%1 does not serve protocol %2 (it serves %3)</source>
        <translation>%1 bedient nicht Protokoll %2 (sondern %3)</translation>
    </message>
    <message>
        <source>update checkfu-runner or the control plane</source>
        <translation>aktualisieren Sie checkfu-runner oder den Steuerungsserver</translation>
    </message>
    <message>
        <source>the server sent no Date header; skew unknown</source>
        <translation>der Server hat keinen Date-Header gesendet; Abweichung unbekannt</translation>
    </message>
    <message>
        <source>this clock is %1 s off the server&apos;s</source>
        <translation>diese Uhr weicht %1 s von der des Servers ab</translation>
    </message>
    <message>
        <source>enable network time synchronisation</source>
        <translation>schalten Sie die Zeitsynchronisation über das Netzwerk ein</translation>
    </message>
    <message>
        <source>within 60 s of the server (%1 s)</source>
        <translation>innerhalb von 60 s der Serverzeit (%1 s)</translation>
    </message>
    <message>
        <source>Workspace Runner key from %1</source>
        <translation>Workspace-Runner-Schlüssel aus %1</translation>
    </message>
    <message>
        <source>this machine is not paired</source>
        <translation>dieser Rechner ist nicht gekoppelt</translation>
    </message>
    <message>
        <source>get a pairing code and run checkfu-runner start --code CFU-…</source>
        <translation>holen Sie einen Kopplungscode und führen Sie checkfu-runner start --code CFU-… aus</translation>
    </message>
    <message>
        <source>no credential</source>
        <translation>keine Zugangsdaten</translation>
    </message>
    <message>
        <source>runner %1: not readable from the %2</source>
        <translation>Runner %1: aus dem Speicher %2 nicht lesbar</translation>
    </message>
    <message>
        <source>runner %1, stored in the %2</source>
        <translation>Runner %1, gespeichert im Speicher %2</translation>
    </message>
    <message>
        <source>needs the exchange</source>
        <translation>braucht den Austausch</translation>
    </message>
    <message>
        <source>a running Runner (pid %1) holds this credential; not exchanging, so it is not fenced as a clone</source>
        <translation>ein laufender Runner (PID %1) hält diese Zugangsdaten; kein Austausch, damit er nicht als Klon gesperrt wird</translation>
    </message>
    <message>
        <source>its state is in its log and the tray; stop it to run this check</source>
        <translation>sein Zustand steht in seinem Protokoll und im Infobereich; halten Sie ihn an, um diese Prüfung auszuführen</translation>
    </message>
    <message>
        <source>no answer within 10 s</source>
        <translation>keine Antwort innerhalb von 10 s</translation>
    </message>
    <message>
        <source>check the control plane</source>
        <translation>prüfen Sie den Steuerungsserver</translation>
    </message>
    <message>
        <source>workload identity for runner %1, generation %2</source>
        <translation>Workload-Identität für Runner %1, Generation %2</translation>
    </message>
    <message numerus="yes">
        <source>%n live presence(s) visible</source>
        <translation>
            <numerusform>%n aktive Präsenz sichtbar</numerusform>
            <numerusform>%n aktive Präsenzen sichtbar</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot list presences: %1</source>
        <translation>Präsenzen können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>checkfu-run-reaper is missing: every run would fail to launch</source>
        <translation>checkfu-run-reaper fehlt: Jeder Lauf würde beim Start scheitern</translation>
    </message>
    <message>
        <source>Reinstall the Runner: checkfu-run-reaper belongs next to %1.</source>
        <translation>Installieren Sie den Runner neu: checkfu-run-reaper gehört neben %1.</translation>
    </message>
    <message>
        <source>enabled: runs use this machine&apos;s own network, with no container isolation</source>
        <translation>aktiviert: Läufe nutzen das eigene Netzwerk dieses Rechners, ohne Container-Isolierung</translation>
    </message>
    <message>
        <source>disabled by --sandbox or %1</source>
        <translation>deaktiviert durch --sandbox oder %1</translation>
    </message>
    <message>
        <source>none: a bubblewrap run sees only the system directories and its own directory, so a harness installed under the home directory is refused</source>
        <translation>keine: Ein Bubblewrap-Lauf sieht nur die Systemverzeichnisse und sein eigenes Verzeichnis, daher wird eine unter dem Home-Verzeichnis installierte Harness abgelehnt</translation>
    </message>
    <message>
        <source>allow its directory with --bubblewrap-read-only, %1 or the tray&apos;s Settings</source>
        <translation>erlauben Sie ihr Verzeichnis mit --bubblewrap-read-only, %1 oder in den Einstellungen des Infobereich-Programms</translation>
    </message>
    <message>
        <source>%1 (from %2), read-only inside the sandbox; any other path outside the system directories is hidden</source>
        <translation>%1 (aus %2), schreibgeschützt in der Sandbox; jeder andere Pfad außerhalb der Systemverzeichnisse ist verborgen</translation>
    </message>
    <message>
        <source>complete: profile %1, model %2</source>
        <translation>vollständig: Profil %1, Modell %2</translation>
    </message>
    <message>
        <source>not configured (no Cursor variables, and no Cursor tuple in the settings file with its key stored)</source>
        <translation>nicht eingerichtet (keine Cursor-Variablen und kein Cursor-Tupel mit gespeichertem Schlüssel in der Einstellungsdatei)</translation>
    </message>
    <message>
        <source>%1 at once</source>
        <translation>%1 gleichzeitig</translation>
    </message>
    <message>
        <source>%1 ms for runs that set none</source>
        <translation>%1 ms für Läufe, die keines setzen</translation>
    </message>
    <message>
        <source>not set: only runs that set one have one</source>
        <translation>nicht gesetzt: nur Läufe, die eines setzen, haben eines</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>presence %1 gen %2 %3 %4
</source>
        <translation>Präsenz %1 Gen. %2 %3 %4
</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>credential</source>
        <translation>Zugangsdaten</translation>
    </message>
    <message>
        <source>exchange</source>
        <translation>Austausch</translation>
    </message>
    <message>
        <source>presences</source>
        <translation>Präsenzen</translation>
    </message>
    <message>
        <source>sandbox posture</source>
        <translation>Sandbox-Übersicht</translation>
    </message>
    <message>
        <source>sandbox host-process</source>
        <translation>Sandbox Host-Prozess</translation>
    </message>
    <message>
        <source>sandbox bubblewrap</source>
        <translation>Sandbox Bubblewrap</translation>
    </message>
    <message>
        <source>bubblewrap read-only paths</source>
        <translation>schreibgeschützte Bubblewrap-Pfade</translation>
    </message>
    <message>
        <source>sandbox docker</source>
        <translation>Sandbox Docker</translation>
    </message>
    <message>
        <source>cursor lane</source>
        <translation>Cursor-Spur</translation>
    </message>
    <message>
        <source>slots</source>
        <translation>Plätze</translation>
    </message>
    <message>
        <source>idle timeout</source>
        <translation>Leerlauf-Zeitlimit</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>not installed: runs with a git mount are refused</source>
        <translation>nicht installiert: Läufe mit einer git-Einbindung werden abgelehnt</translation>
    </message>
    <message>
        <source>Install it: sudo apt install git</source>
        <translation>Installieren Sie es: sudo apt install git</translation>
    </message>
    <message>
        <source>%1 (%2)%3</source>
        <translation>%1 (%2)%3</translation>
    </message>
    <message>
        <source>does not answer --version</source>
        <translation>antwortet nicht auf --version</translation>
    </message>
    <message>
        <source>; git-lfs installed</source>
        <translation>; git-lfs installiert</translation>
    </message>
    <message>
        <source>; no git-lfs: lfs mounts are refused</source>
        <translation>; kein git-lfs: lfs-Einbindungen werden abgelehnt</translation>
    </message>
    <message numerus="yes">
        <source>%n mirror(s), %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>%n Spiegel, %1 MiB in %2 (höchstens %3 MiB; checkfu-runner cache clear leert ihn)</numerusform>
            <numerusform>%n Spiegel, %1 MiB in %2 (höchstens %3 MiB; checkfu-runner cache clear leert ihn)</numerusform>
        </translation>
    </message>
    <message>
        <source>git</source>
        <translation>git</translation>
    </message>
    <message>
        <source>git cache</source>
        <translation>git-Cache</translation>
    </message>
    <message numerus="yes">
        <source>off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror(s) left in %1 (checkfu-runner cache clear empties it)</source>
        <translation>
            <numerusform>aus (--git-cache-mib 0): jede git-Einbindung wird von ihrem Server abgerufen; %n Spiegel liegt noch in %1 (checkfu-runner cache clear leert ihn)</numerusform>
            <numerusform>aus (--git-cache-mib 0): jede git-Einbindung wird von ihrem Server abgerufen; %n Spiegel liegen noch in %1 (checkfu-runner cache clear leert ihn)</numerusform>
        </translation>
    </message>
    <message>
        <source>checkfu-mcp-bridge is missing: runs that use the platform&apos;s tools (plane_mcp) are refused</source>
        <translation>checkfu-mcp-bridge fehlt: Läufe, die die Werkzeuge der Plattform nutzen (plane_mcp), werden abgelehnt</translation>
    </message>
    <message>
        <source>Reinstall the Runner: checkfu-mcp-bridge belongs next to %1.</source>
        <translation>Installieren Sie den Runner neu: checkfu-mcp-bridge gehört neben %1.</translation>
    </message>
    <message>
        <source>%1: relays %2</source>
        <translation>%1: leitet %2 weiter</translation>
    </message>
</context>
<context>
    <name>runnercore::FileCredentialStore</name>
    <message>
        <source>No directory was configured for the file credential store.</source>
        <translation>Für den Datei-Zugangsdatenspeicher wurde kein Verzeichnis eingerichtet.</translation>
    </message>
    <message>
        <source>Cannot create the directory %1 for the file credential store: check that you may write there.</source>
        <translation>Das Verzeichnis %1 für den Datei-Zugangsdatenspeicher kann nicht erstellt werden: Prüfen Sie, ob Sie dort schreiben dürfen.</translation>
    </message>
    <message>
        <source>Cannot create the credential directory %1: %2.</source>
        <translation>Das Zugangsdatenverzeichnis %1 kann nicht erstellt werden: %2.</translation>
    </message>
    <message>
        <source>The credential directory %1 is a symbolic link; the Runner only uses a real directory. Remove the link (rm %1) and store the credential again.</source>
        <translation>Das Zugangsdatenverzeichnis %1 ist ein symbolischer Link; der Runner verwendet nur ein echtes Verzeichnis. Entfernen Sie den Link (rm %1) und speichern Sie die Zugangsdaten erneut.</translation>
    </message>
    <message>
        <source>The credential directory %1 is not a directory. Move it away and store the credential again.</source>
        <translation>Das Zugangsdatenverzeichnis %1 ist kein Verzeichnis. Verschieben Sie es und speichern Sie die Zugangsdaten erneut.</translation>
    </message>
    <message>
        <source>Cannot open the credential directory %1: %2.</source>
        <translation>Das Zugangsdatenverzeichnis %1 kann nicht geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>Cannot inspect the credential directory %1: %2.</source>
        <translation>Das Zugangsdatenverzeichnis %1 kann nicht untersucht werden: %2.</translation>
    </message>
    <message>
        <source>The credential directory %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it, or fix it with: chown %3 %1 &amp;&amp; chmod 700 %1</source>
        <translation>Das Zugangsdatenverzeichnis %1 gehört UID %2, nicht Ihnen (UID %3), daher ist ihm nicht zu trauen. Entfernen Sie es, oder korrigieren Sie es mit: chown %3 %1 &amp;&amp; chmod 700 %1</translation>
    </message>
    <message>
        <source>The credential directory %1 has mode %2, so other users can reach it; it must be 0700. Fix it with: chmod 700 %1</source>
        <translation>Das Zugangsdatenverzeichnis %1 hat die Rechte %2, andere Benutzer können es also erreichen; es muss 0700 sein. Korrigieren Sie es mit: chmod 700 %1</translation>
    </message>
    <message>
        <source>No credential is stored for this Runner in %1: pair it again.</source>
        <translation>In %1 sind keine Zugangsdaten für diesen Runner gespeichert: Koppeln Sie ihn erneut.</translation>
    </message>
    <message>
        <source>The credential file %1 is a symbolic link; the Runner never follows links to a secret. Remove it (rm %1) and pair again.</source>
        <translation>Die Zugangsdatendatei %1 ist ein symbolischer Link; der Runner folgt nie Links zu einem Geheimnis. Entfernen Sie sie (rm %1) und koppeln Sie erneut.</translation>
    </message>
    <message>
        <source>Cannot open the credential file %1: %2.</source>
        <translation>Die Zugangsdatendatei %1 kann nicht geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>Cannot inspect the credential file %1: %2.</source>
        <translation>Die Zugangsdatendatei %1 kann nicht untersucht werden: %2.</translation>
    </message>
    <message>
        <source>The credential file %1 is not a regular file. Remove it (rm %1) and pair again.</source>
        <translation>Die Zugangsdatendatei %1 ist keine reguläre Datei. Entfernen Sie sie (rm %1) und koppeln Sie erneut.</translation>
    </message>
    <message>
        <source>The credential file %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. Remove it (rm %1) and pair again.</source>
        <translation>Die Zugangsdatendatei %1 gehört UID %2, nicht Ihnen (UID %3), daher ist ihr nicht zu trauen. Entfernen Sie sie (rm %1) und koppeln Sie erneut.</translation>
    </message>
    <message>
        <source>The credential file %1 has mode %2; it must be 0600 (readable only by you). If you did not change it on purpose, treat the credential as exposed: remove the file and pair again. Otherwise fix it with: chmod 600 %1</source>
        <translation>Die Zugangsdatendatei %1 hat die Rechte %2; sie müssen 0600 sein (nur für Sie lesbar). Wenn Sie das nicht absichtlich geändert haben, betrachten Sie die Zugangsdaten als offengelegt: Entfernen Sie die Datei und koppeln Sie erneut. Andernfalls korrigieren Sie es mit: chmod 600 %1</translation>
    </message>
    <message>
        <source>The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.</source>
        <translation>Die Zugangsdatendatei %1 ist zu groß für Zugangsdaten. Entfernen Sie sie (rm %1) und koppeln Sie erneut.</translation>
    </message>
    <message>
        <source>Cannot read the credential file %1: %2.</source>
        <translation>Die Zugangsdatendatei %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>The credential file %1 is damaged or from an unknown version. Remove it (rm %1) and pair again.</source>
        <translation>Die Zugangsdatendatei %1 ist beschädigt oder stammt aus einer unbekannten Version. Entfernen Sie sie (rm %1) und koppeln Sie erneut.</translation>
    </message>
    <message>
        <source>Cannot create a file in the credential directory %1: %2.</source>
        <translation>Im Zugangsdatenverzeichnis %1 kann keine Datei erstellt werden: %2.</translation>
    </message>
    <message>
        <source>Cannot write the credential file in %1: %2.</source>
        <translation>Die Zugangsdatendatei kann in %1 nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Cannot put the credential file %1 in place: %2.</source>
        <translation>Die Zugangsdatendatei %1 kann nicht an ihren Platz gebracht werden: %2.</translation>
    </message>
    <message>
        <source>Cannot remove the credential file %1: %2.</source>
        <translation>Die Zugangsdatendatei %1 kann nicht entfernt werden: %2.</translation>
    </message>
</context>
<context>
    <name>runnercore::HarnessDriver</name>
    <message>
        <source>the directive &quot;%1&quot; does not apply to a %2 run; ignored</source>
        <translation>die Anweisung &quot;%1&quot; gilt nicht für einen %2-Lauf; ignoriert</translation>
    </message>
</context>
<context>
    <name>runnercore::HttpExchange</name>
    <message>
        <source>refusing to send the %1 header: its value holds a line break, NUL or another control character</source>
        <translation>der Header %1 wird nicht gesendet: Sein Wert enthält einen Zeilenumbruch, NUL oder ein anderes Steuerzeichen</translation>
    </message>
    <message>
        <source>refusing to send a request whose method or target holds a space or control character</source>
        <translation>eine Anfrage, deren Methode oder Ziel ein Leerzeichen oder Steuerzeichen enthält, wird nicht gesendet</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>keine Antwort innerhalb von %1 s</translation>
    </message>
    <message>
        <source>the response did not complete within %1 s</source>
        <translation>die Antwort war nicht innerhalb von %1 s vollständig</translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation>TLS: %1</translation>
    </message>
    <message>
        <source>the connection closed in the middle of the response</source>
        <translation>die Verbindung wurde mitten in der Antwort geschlossen</translation>
    </message>
    <message>
        <source>the server closed the connection without answering</source>
        <translation>der Server hat die Verbindung ohne Antwort geschlossen</translation>
    </message>
</context>
<context>
    <name>runnercore::JsonRpcConnection</name>
    <message>
        <source>not JSON (%1)</source>
        <translation>kein JSON (%1)</translation>
    </message>
    <message>
        <source>a JSON array (batches are not part of ACP)</source>
        <translation>ein JSON-Array (Batches sind nicht Teil von ACP)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>&quot;method&quot; is not a string</source>
        <translation>&quot;method&quot; ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>&quot;method&quot; must be a non-empty string</source>
        <translation>&quot;method&quot; muss eine nicht leere Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;params&quot; must be an object</source>
        <translation>&quot;params&quot; muss ein Objekt sein</translation>
    </message>
    <message>
        <source>a response to no request of ours</source>
        <translation>eine Antwort auf keine unserer Anfragen</translation>
    </message>
    <message>
        <source>an error without a message</source>
        <translation>ein Fehler ohne Meldung</translation>
    </message>
</context>
<context>
    <name>runnercore::KeychainCredentialStore</name>
    <message>
        <source>No credential is stored for this Runner in the system keychain (Secret Service): pair it again.</source>
        <translation>Im Schlüsselbund des Systems (Secret Service) sind keine Zugangsdaten für diesen Runner gespeichert: Koppeln Sie ihn erneut.</translation>
    </message>
    <message>
        <source>no session D-Bus, DBUS_SESSION_BUS_ADDRESS is not set</source>
        <translation>kein Sitzungs-D-Bus, DBUS_SESSION_BUS_ADDRESS ist nicht gesetzt</translation>
    </message>
    <message>
        <source>cannot connect to the session D-Bus at %1: %2</source>
        <translation>keine Verbindung zum Sitzungs-D-Bus unter %1: %2</translation>
    </message>
    <message>
        <source>nothing provides %1 on the session D-Bus</source>
        <translation>nichts stellt %1 auf dem Sitzungs-D-Bus bereit</translation>
    </message>
    <message>
        <source>%1 could not be started on the session D-Bus</source>
        <translation>%1 konnte auf dem Sitzungs-D-Bus nicht gestartet werden</translation>
    </message>
    <message>
        <source>the keyring has no default collection yet (no login keyring)</source>
        <translation>der Schlüsselbund hat noch keine Standardsammlung (kein Anmelde-Schlüsselbund)</translation>
    </message>
    <message>
        <source>No system keychain answered (Secret Service: %1): unlock or start your keyring (e.g. gnome-keyring or KWallet), or opt in to the file store with --credential-store file.</source>
        <translation>Kein Schlüsselbund des Systems hat geantwortet (Secret Service: %1): Entsperren oder starten Sie Ihren Schlüsselbund (z. B. gnome-keyring oder KWallet), oder wählen Sie ausdrücklich den Dateispeicher mit --credential-store file.</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access: the keyring holding the Runner&apos;s credential is locked. Unlock it (e.g. in Seahorse, or by logging in to your desktop session) and try again.</source>
        <translation>Der Schlüsselbund des Systems (Secret Service) hat den Zugriff verweigert: Der Schlüsselbund mit den Zugangsdaten des Runners ist gesperrt. Entsperren Sie ihn (z. B. in Seahorse oder durch Anmelden an Ihrer Arbeitsumgebung) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) refused access (%1): unlock your keyring, or allow Checkfu Runner when it asks, and try again.</source>
        <translation>Der Schlüsselbund des Systems (Secret Service) hat den Zugriff verweigert (%1): Entsperren Sie Ihren Schlüsselbund oder erlauben Sie Checkfu Runner den Zugriff, wenn er fragt, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not read the Runner&apos;s credential (%1). Check your keyring (e.g. with Seahorse or secret-tool) and try again.</source>
        <translation>Der Schlüsselbund des Systems (Secret Service) konnte die Zugangsdaten des Runners nicht lesen (%1). Prüfen Sie Ihren Schlüsselbund (z. B. mit Seahorse oder secret-tool) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not store the Runner&apos;s credential (%1). Check your keyring (e.g. with Seahorse or secret-tool), or opt in to the file store with --credential-store file.</source>
        <translation>Der Schlüsselbund des Systems (Secret Service) konnte die Zugangsdaten des Runners nicht speichern (%1). Prüfen Sie Ihren Schlüsselbund (z. B. mit Seahorse oder secret-tool), oder wählen Sie ausdrücklich den Dateispeicher mit --credential-store file.</translation>
    </message>
    <message>
        <source>The system keychain (Secret Service) could not remove the Runner&apos;s credential (%1). Remove the entry for service &quot;%2&quot; by hand (e.g. in Seahorse) if it is still there.</source>
        <translation>Der Schlüsselbund des Systems (Secret Service) konnte die Zugangsdaten des Runners nicht entfernen (%1). Entfernen Sie den Eintrag für den Dienst &quot;%2&quot; von Hand (z. B. in Seahorse), falls er noch vorhanden ist.</translation>
    </message>
</context>
<context>
    <name>runnercore::McpRelay</name>
    <message>
        <source>further connections to this run&apos;s MCP relay are refused without a warning</source>
        <translation>weitere Verbindungen zur MCP-Weiterleitung dieses Laufs werden ohne Warnung abgewiesen</translation>
    </message>
    <message>
        <source>the harness&apos;s MCP client keeps sending messages the relay refuses; further ones are refused without a warning</source>
        <translation>der MCP-Client des Harness sendet weiter Nachrichten, die die Weiterleitung abweist; weitere werden ohne Warnung abgewiesen</translation>
    </message>
    <message>
        <source>a process outside this run&apos;s sandbox (or one too many) tried to use its MCP relay; it was refused</source>
        <translation>ein Prozess außerhalb der Sandbox dieses Laufs (oder einer zu viel) wollte seine MCP-Weiterleitung nutzen; er wurde abgewiesen</translation>
    </message>
    <message>
        <source>a line of more than 4 MiB came from the harness&apos;s MCP client; its connection was closed</source>
        <translation>vom MCP-Client des Harness kam eine Zeile mit mehr als 4 MiB; seine Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>a connection to the MCP relay did not name one of the run&apos;s plane_mcp entries; it was closed</source>
        <translation>eine Verbindung zur MCP-Weiterleitung nannte keinen der plane_mcp-Einträge des Laufs; sie wurde geschlossen</translation>
    </message>
    <message>
        <source>a message from the harness&apos;s MCP client was not relayed: %1</source>
        <translation>eine Nachricht des MCP-Clients des Harness wurde nicht weitergeleitet: %1</translation>
    </message>
</context>
<context>
    <name>runnercore::OneshotDriver</name>
    <message>
        <source>the harness wrote invalid UTF-8 to %1; it was replaced with U+FFFD</source>
        <translation>die Harness hat ungültiges UTF-8 nach %1 geschrieben; es wurde durch U+FFFD ersetzt</translation>
    </message>
</context>
<context>
    <name>runnercore::Runner</name>
    <message>
        <source>No control plane endpoint: pass --endpoint URL or set %1.</source>
        <translation>Kein Endpunkt des Steuerungsservers: Geben Sie --endpoint URL an oder setzen Sie %1.</translation>
    </message>
    <message>
        <source>This computer&apos;s clock is %1 s %2 the control plane&apos;s. Token times are corrected for it, but set the clock right (enable network time).</source>
        <translation>Die Uhr dieses Computers geht gegenüber der des Steuerungsservers %1 s %2. Token-Zeiten werden dafür korrigiert, aber stellen Sie die Uhr richtig (schalten Sie die Netzwerkzeit ein).</translation>
    </message>
    <message>
        <source>behind</source>
        <translation>nach</translation>
    </message>
    <message>
        <source>ahead of</source>
        <translation>vor</translation>
    </message>
    <message>
        <source>No sandbox provider is enabled (see --sandbox and %1): this Runner stays connected but takes no work.</source>
        <translation>Kein Sandbox-Anbieter ist aktiviert (siehe --sandbox und %1): Dieser Runner bleibt verbunden, nimmt aber keine Arbeit an.</translation>
    </message>
    <message>
        <source>The pairing code was not used: %1</source>
        <translation>Der Kopplungscode wurde nicht verbraucht: %1</translation>
    </message>
    <message>
        <source>Redeeming pairing code %1</source>
        <translation>Kopplungscode %1 wird eingelöst</translation>
    </message>
    <message>
        <source>Cannot reach the control plane (%1). Retrying in %2 s.</source>
        <translation>Der Steuerungsserver ist nicht erreichbar (%1). Neuer Versuch in %2 s.</translation>
    </message>
    <message>
        <source>Paired, but the credential could not be stored (%1). This session works; after a restart you will need a new pairing code.</source>
        <translation>Gekoppelt, aber die Zugangsdaten konnten nicht gespeichert werden (%1). Diese Sitzung funktioniert; nach einem Neustart brauchen Sie einen neuen Kopplungscode.</translation>
    </message>
    <message>
        <source>This machine is not paired yet. Ask your administrator for a pairing code, then run checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX.</source>
        <translation>Dieser Rechner ist noch nicht gekoppelt. Bitten Sie Ihren Administrator um einen Kopplungscode, und führen Sie dann checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX aus.</translation>
    </message>
    <message>
        <source>This machine is paired with %1, not %2. Leave out --endpoint to use the pairing, or pair with a code for %2 (it replaces the current pairing).</source>
        <translation>Dieser Rechner ist mit %1 gekoppelt, nicht mit %2. Lassen Sie --endpoint weg, um die Kopplung zu verwenden, oder koppeln Sie mit einem Code für %2 (er ersetzt die aktuelle Kopplung).</translation>
    </message>
    <message>
        <source>This machine&apos;s credential (runner %1) is not in the %2. Pair again with a new code.</source>
        <translation>Die Zugangsdaten dieses Rechners (Runner %1) sind nicht im Speicher %2. Koppeln Sie erneut mit einem neuen Code.</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>Verbindet mit %1</translation>
    </message>
    <message>
        <source>Connected; taking no new work</source>
        <translation>Verbunden; nimmt keine neue Arbeit an</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Verbunden mit %1</translation>
    </message>
    <message>
        <source>The Workspace key in %1 is dead; ask for a new one.</source>
        <translation>Der Workspace-Schlüssel in %1 ist ungültig geworden; fordern Sie einen neuen an.</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Stopping: signing off</source>
        <translation>Hält an: meldet sich ab</translation>
    </message>
    <message numerus="yes">
        <source>Stopping: finishing %n owned run(s), then signing off</source>
        <translation>
            <numerusform>Hält an: beendet %n eigenen Lauf, meldet sich dann ab</numerusform>
            <numerusform>Hält an: beendet %n eigene Läufe, meldet sich dann ab</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped and signed off</source>
        <translation>Angehalten und abgemeldet</translation>
    </message>
    <message>
        <source>on battery (%1 %)</source>
        <translation>im Akkubetrieb (%1 %)</translation>
    </message>
    <message>
        <source>on battery</source>
        <translation>im Akkubetrieb</translation>
    </message>
    <message>
        <source>on a metered network</source>
        <translation>in einem getakteten Netzwerk</translation>
    </message>
    <message>
        <source>Paused: %1</source>
        <translation>Pausiert: %1</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
</context>
<context>
    <name>runnercore::SandboxSet</name>
    <message>
        <source>bwrap is not installed (apt install bubblewrap)</source>
        <translation>bwrap ist nicht installiert (apt install bubblewrap)</translation>
    </message>
    <message>
        <source>bwrap did not answer within %1 s</source>
        <translation>bwrap hat nicht innerhalb von %1 s geantwortet</translation>
    </message>
    <message>
        <source>bwrap cannot create namespaces here: %1</source>
        <translation>bwrap kann hier keine Namespaces erstellen: %1</translation>
    </message>
    <message>
        <source>cannot run bwrap: %1</source>
        <translation>bwrap kann nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>--sandbox bubblewrap: %1</source>
        <translation>--sandbox bubblewrap: %1</translation>
    </message>
    <message>
        <source>--sandbox docker: %1</source>
        <translation>--sandbox docker: %1</translation>
    </message>
    <message>
        <source>bubblewrap (host process in its own namespaces, read-only system, network none or unrestricted)</source>
        <translation>Bubblewrap (Host-Prozess in eigenen Namespaces, schreibgeschütztes System, Netzwerk keines oder uneingeschränkt)</translation>
    </message>
    <message>
        <source>bubblewrap unavailable: %1</source>
        <translation>Bubblewrap nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>docker %1 (containers, network %2)</source>
        <translation>Docker %1 (Container, Netzwerk %2)</translation>
    </message>
    <message>
        <source>none or unrestricted</source>
        <translation>keines oder uneingeschränkt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>docker off: %1</source>
        <translation>Docker aus: %1</translation>
    </message>
    <message>
        <source>host-process (no isolation, the machine&apos;s own network)</source>
        <translation>Host-Prozess (keine Isolierung, das eigene Netzwerk des Rechners)</translation>
    </message>
    <message>
        <source>no sandbox provider enabled</source>
        <translation>kein Sandbox-Anbieter aktiviert</translation>
    </message>
</context>
<context>
    <name>runnercore::Unpairing</name>
    <message>
        <source>This machine is not paired; nothing to forget.</source>
        <translation>Dieser Rechner ist nicht gekoppelt; es gibt nichts zu vergessen.</translation>
    </message>
    <message>
        <source>Could not remove the credential: %1</source>
        <translation>Die Zugangsdaten konnten nicht entfernt werden: %1</translation>
    </message>
    <message>
        <source>The credential was removed, but %1.</source>
        <translation>Die Zugangsdaten wurden entfernt, aber %1.</translation>
    </message>
    <message>
        <source>Forgot runner %1 (credential removed from the %2). An administrator can revoke it on the server side.</source>
        <translation>Runner %1 vergessen (Zugangsdaten aus dem Speicher %2 entfernt). Ein Administrator kann ihn auf der Serverseite widerrufen.</translation>
    </message>
    <message>
        <source>The credential was removed, but not the Cursor API key: %1</source>
        <translation>Die Zugangsdaten wurden entfernt, aber nicht der Cursor-API-Schlüssel: %1</translation>
    </message>
</context>
</TS>
