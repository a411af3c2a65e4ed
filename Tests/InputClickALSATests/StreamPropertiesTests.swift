import Foundation
import InputClickALSA
import Testing
import TestSupport

@Suite struct StreamPropertiesTests {
    @Test func theDefaultsAnnounceAnEventSoundNamedInputClickWithAKeyboardIcon() {
        let properties = ALSAStreamProperties()
        #expect(properties.pipeWireProperties
                == #"{ media.role = "event" application.name = "InputClick" application.icon-name = "input-keyboard" }"#)
        #expect(properties.pulseProperties == #"media.role="event" application.icon_name="input-keyboard""#)
        #expect(properties.pulseOverrideProperties == #"application.name="InputClick""#)
        #expect(properties.environment.map(\.name) == ["PIPEWIRE_ALSA", "PULSE_PROP", "PULSE_PROP_OVERRIDE"])
    }

    @Test func quotesAndBackslashesInANameAreEscaped() {
        let properties = ALSAStreamProperties(applicationName: #"My "Pad" \ 2"#)
        #expect(properties.pipeWireProperties.contains(#"application.name = "My \"Pad\" \\ 2""#))
        #expect(properties.pulseOverrideProperties == #"application.name="My \"Pad\" \\ 2""#)
    }
}

extension ThroughTheVirtualSink {
    /// The CLI announces its streams (``ALSAOutput/announceStreams(_:)``);
    /// PipeWire must show the properties on the stream node. Only the
    /// PipeWire sink has stream properties, so this runs in
    /// `scripts/test-pipewire.sh`; JACK has no such notion.
    @Suite(.enabled(if: VirtualSink.isPipeWire, "stream properties exist only on the PipeWire sink"))
    struct StreamPropertiesOnPipeWire {
        @Test func theCLIsStreamNodeCarriesTheEventRoleTheApplicationNameAndTheIcon() throws {
            let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("inputclick").path
            try #require(FileManager.default.isExecutableFile(atPath: cli), "the inputclick binary is not built at \(cli)")
            // `tap` holds its stream open until standard input ends: the shell
            // keeps a FIFO's writing end open while it reads `pw-dump --monitor`
            // (the graph, then each change of it) until a node named InputClick
            // shows (within 60 s, for a loaded machine), and closing it on exit
            // ends tap. The caller's own stream properties, if any, are not
            // passed on: the CLI's must show.
            let script = """
                dir=$(mktemp -d) && mkfifo "$dir/in" "$dir/graph" || exit 2
                env -u PIPEWIRE_ALSA -u PULSE_PROP -u PULSE_PROP_OVERRIDE \\
                  "$1" tap --device \(VirtualSink.device) <"$dir/in" >"$dir/tap.log" 2>&1 &
                exec 3>"$dir/in"
                pw-dump --monitor --no-colors >"$dir/graph" 2>"$dir/monitor.log" &
                monitor=$!
                timeout 60 grep -q -m 1 '"application.name": "InputClick"' "$dir/graph"
                found=$?
                kill "$monitor" 2>/dev/null
                pw-dump --no-colors
                exec 3>&-
                wait
                [ $found -eq 0 ] || cat "$dir/monitor.log" "$dir/tap.log" >&2
                rm -rf "$dir"
                exit $found
                """
            let run = ChildProcess.run("/bin/sh", ["-c", script, "sh", cli], timeout: 120)
            #expect(run.status == 0, "no stream node named InputClick appeared: \(run.output.suffix(2000))")
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
            let streams = objects.compactMap { ($0["info"] as? [String: Any])?["props"] as? [String: Any] }
                .filter { $0["media.class"] as? String == "Stream/Output/Audio" && $0["application.name"] as? String == "InputClick" }
            try #require(streams.count == 1)
            #expect(streams[0]["media.role"] as? String == "event")
            #expect(streams[0]["application.icon-name"] as? String == "input-keyboard")
        }
    }
}
