#!/usr/bin/env python3
"""Fills German translations for the tray's everyday texts into translations/checkfu_de.ts.

Run after `lupdate` (cmake --build build --target update_translations); texts not listed here stay
unfinished and show in English, which Qt does for any missing translation.
"""
import sys
import xml.etree.ElementTree as ET

GERMAN = {
    "Endpoint": "Endpunkt", "Machine": "Rechner", "Runner": "Runner", "Sandbox": "Sandbox",
    "Slots": "Plätze", "Last contact": "Letzter Kontakt", "Next retry": "Nächster Versuch",
    "Details": "Details", "Warning": "Warnung", "Waiting for your decision": "Wartet auf Ihre Entscheidung",
    "not paired": "nicht gekoppelt",
    "Pair this machine…": "Diesen Rechner koppeln…", "Open dashboard": "Dashboard öffnen",
    "Settings…": "Einstellungen…", "Diagnostics…": "Diagnose…", "Show log": "Protokoll anzeigen",
    "Unpair…": "Entkoppeln…", "Quit Checkfu Runner": "Checkfu Runner beenden",
    "Not running": "Läuft nicht", "Starting…": "Startet…", "Pairing…": "Koppelt…",
    "Connecting…": "Verbindet…", "Reconnecting after sleep…": "Verbindet nach dem Ruhezustand neu…",
    "Offline — reconnecting": "Offline — verbindet neu", "Offline — retrying at %1": "Offline — neuer Versuch um %1",
    "Running %1": "Führt %1 aus", "Ready — waiting for work": "Bereit — wartet auf Arbeit",
    "Draining — %1 left": "Leert sich — %1 übrig", "Draining — taking no new work": "Leert sich — nimmt keine neue Arbeit an",
    "Stopping — %1 left": "Hält an — %1 übrig", "Stopping — signing off": "Hält an — meldet sich ab",
    "Stopped": "Angehalten", "Not paired": "Nicht gekoppelt",
    "Revoked — this machine's pairing was withdrawn": "Widerrufen — die Kopplung dieses Rechners wurde zurückgezogen",
    "Stopped — this pairing is in use on another machine (clone)":
        "Angehalten — diese Kopplung wird auf einem anderen Rechner verwendet (Klon)",
    "Stopped by an error": "Wegen eines Fehlers angehalten",
    "Waiting for your decision: %1": "Wartet auf Ihre Entscheidung: %1",
    "Endpoint: %1": "Endpunkt: %1", "Machine: %1": "Rechner: %1", "Sandbox: %1": "Sandbox: %1",
    "Last contact: %1": "Letzter Kontakt: %1", "Next retry: %1": "Nächster Versuch: %1",
    "Resume taking work": "Wieder Arbeit annehmen",
    "Drain — finish runs, take no new work": "Leeren — Läufe beenden, keine neue Arbeit",
    "Stop now — cancel %1": "Sofort anhalten — %1 abbrechen", "Stopping…": "Hält an…",
    "Stop runner": "Runner anhalten", "Start runner": "Runner starten",
    "Decide: %1": "Entscheiden: %1", "not set": "nicht gesetzt", "not known yet": "noch unbekannt",
    "now": "jetzt", "none yet": "noch keiner", "%1 of %2 busy": "%1 von %2 belegt",
}


def main(path):
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "de_DE")
    for message in root.iter("message"):
        source = message.find("source").text
        translation = message.find("translation")
        if source in GERMAN:
            translation.text = GERMAN[source]
            translation.attrib.pop("type", None)
    tree.write(path, encoding="utf-8", xml_declaration=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "translations/checkfu_de.ts")
