@testable import InputClickALSA
import Testing

/// alsa-lib's messages about a configuration it cannot read, put together
/// into one sentence naming the file and line.
@Suite struct ConfigurationProblemTests {
    @Test func theTopFileOfABrokenChainIsNamedWithItsLine() {
        let messages = ["_toplevel_:2:0:Unexpected char",
                        "/etc/asound.conf may be old or corrupted: consider to remove or fix it"]
        #expect(ALSALibraryMessages.configurationProblem(in: messages) == "/etc/asound.conf: line 2: Unexpected char")
    }

    @Test func anIncludedFileIsNamedAsAlsaLibNamesIt() {
        #expect(ALSALibraryMessages.configurationProblem(in: ["/usr/share/alsa/x.conf:3:5:Unterminated string"])
                == "/usr/share/alsa/x.conf: line 3: Unterminated string")
    }

    @Test func otherMessagesAreKeptAsTheyAre() {
        #expect(ALSALibraryMessages.configurationProblem(in: ["Unknown field x", "cannot find card '0'"])
                == "Unknown field x; cannot find card '0'")
        #expect(ALSALibraryMessages.configurationProblem(in: []) == "")
    }
}
