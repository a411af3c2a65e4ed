import InputClick
import InputClickALSA

// The library-wide functions of inputclick.h: version, names of codes, and
// the calling thread's last error message. See inputclick.h for each
// function's contract; the comments here say only what is particular to the
// implementation.

@c(inputclick_version)
public func inputclickVersion() -> UnsafePointer<CChar> {
    StaticCStrings.version.pointer
}

@c(inputclick_version_number)
public func inputclickVersionNumber() -> Int32 {
    Int32(InputClickVersion.major * 10_000 + InputClickVersion.minor * 100 + InputClickVersion.patch)
}

@c(inputclick_announce_streams)
public func inputclickAnnounceStreams(_ applicationName: UnsafePointer<CChar>?, _ iconName: UnsafePointer<CChar>?) -> Int32 {
    ExportCall.run("inputclick_announce_streams") { () throws(PluginFailure) -> Int32 in
        var properties = ALSAStreamProperties()
        if let applicationName {
            properties.applicationName = try CStringArguments.read(applicationName, what: "application name", maximumBytes: 256)
        }
        if let iconName {
            properties.iconName = try CStringArguments.read(iconName, what: "icon name", maximumBytes: 256)
        }
        ALSAOutput.announceStreams(properties)
        return 0
    }
}

@c(inputclick_strerror)
public func inputclickStrerror(_ code: Int32) -> UnsafePointer<CChar> {
    guard code <= 0, code > Int32.min else { return StaticCStrings.unknownResult.pointer }
    return StaticCStrings.lookup(StaticCStrings.resultSentences, -code, fallback: StaticCStrings.unknownResult)
}

@c(inputclick_decision_name)
public func inputclickDecisionName(_ decision: Int32) -> UnsafePointer<CChar> {
    StaticCStrings.lookup(StaticCStrings.decisionNames, decision, fallback: StaticCStrings.unknown)
}

@c(inputclick_decision_description)
public func inputclickDecisionDescription(_ decision: Int32) -> UnsafePointer<CChar> {
    StaticCStrings.lookup(StaticCStrings.decisionDescriptions, decision, fallback: StaticCStrings.unknownDecision)
}

@c(inputclick_kind_name)
public func inputclickKindName(_ kind: Int32) -> UnsafePointer<CChar> {
    StaticCStrings.lookup(StaticCStrings.kindNames, kind, fallback: StaticCStrings.unknown)
}

@c(inputclick_state_name)
public func inputclickStateName(_ state: Int32) -> UnsafePointer<CChar> {
    StaticCStrings.lookup(StaticCStrings.stateNames, state, fallback: StaticCStrings.unknown)
}

/// Its own bad arguments return a code without replacing the message being read.
@c(inputclick_last_error_message)
public func inputclickLastErrorMessage(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int32 {
    do {
        return try CStringArguments.copy(ThreadErrorMessage.current, into: buffer, size: size)
    } catch {
        return error.code.rawValue
    }
}
