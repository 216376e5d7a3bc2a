#if os(Linux)
import CEspeakNG
import Synchronization

/// What one utterance's synthesis asks of its caller: whether to stop, and where each chunk
/// of samples goes. espeak-ng hands it back to the synthesis callback through `user_data`.
final class SynthesisJob {
    let isCancelled: () -> Bool
    let deliver: (UnsafeBufferPointer<Int16>) -> Void

    init(isCancelled: @escaping () -> Bool, deliver: @escaping (UnsafeBufferPointer<Int16>) -> Void) {
        self.isCancelled = isCancelled
        self.deliver = deliver
    }
}

/// espeak-ng's one synthesiser per process, used from one synthesis thread at a time: the
/// process-wide claim (``claim()``) makes a second ``ESpeakOutput`` an error rather than a
/// race on espeak-ng's globals.
final class ESpeakEngine {
    /// Whether an output holds the synthesiser, and its sample rate once espeak-ng is loaded
    /// (loaded once per process): one lock, so the next holder always sees what the last set.
    private static let process = Mutex<(claimed: Bool, sampleRate: Int?)>((false, nil))

    /// Takes the process's synthesiser; false when another output holds it.
    static func claim() -> Bool {
        process.withLock { state in
            if state.claimed { return false }
            state.claimed = true
            return true
        }
    }

    /// Gives the synthesiser back.
    static func release() { process.withLock { $0.claimed = false } }

    let sampleRate: Int
    private var appliedSettings: (rate: Int32, pitch: Int32, volume: Int32)?
    private var voices: [String: String?] = [:]
    private var currentVoice: String?

    /// Loads espeak-ng's data (once per process) for synchronous synthesis. Call on the
    /// synthesis thread, holding the claim.
    init(dataPath: String?) throws(SpeechError) {
        if let rate = Self.process.withLock({ $0.sampleRate }) {
            sampleRate = rate
            return
        }
        if let dataPath {
            dataPath.withCString { espeak_ng_InitializePath($0) }
        } else {
            espeak_ng_InitializePath(nil)
        }
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        if status != ENS_OK {
            let message = Self.message(status)
            espeak_ng_ClearErrorContext(&context)
            throw .engineUnavailable(path: dataPath, message: message)
        }
        // Chunks of at most 50 ms: the granularity at which an interrupt is noticed.
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 50, nil)
        guard output == ENS_OK else { throw .engineUnavailable(path: dataPath, message: Self.message(output)) }
        // Called with each chunk synthesised (synchronous mode: on this thread); 1 stops it.
        espeak_SetSynthCallback { wave, count, events in
            guard let events, let context = events.pointee.user_data else { return 0 }
            let job = Unmanaged<SynthesisJob>.fromOpaque(context).takeUnretainedValue()
            if job.isCancelled() { return 1 }
            if let wave, count > 0 { job.deliver(UnsafeBufferPointer(start: wave, count: Int(count))) }
            return job.isCancelled() ? 1 : 0
        }
        sampleRate = Int(espeak_ng_GetSampleRate())
        let rate = sampleRate
        Self.process.withLock { $0.sampleRate = rate }
    }

    private static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets the rate, pitch and volume, when they changed.
    func apply(rate: Int, pitch: Int, volume: Int) {
        let wanted = (Int32(clamping: rate), Int32(clamping: pitch), Int32(clamping: volume))
        if let applied = appliedSettings, applied == wanted { return }
        espeak_SetParameter(espeakRATE, wanted.0, 0)
        espeak_SetParameter(espeakPITCH, wanted.1, 0)
        espeak_SetParameter(espeakVOLUME, wanted.2, 0)
        appliedSettings = wanted
    }

    /// Chooses the voice for a BCP 47 language tag: the tag, then its shorter prefixes
    /// (`zh-Hans-CN`, `zh-Hans`, `zh`). Returns the tag that matched, or nil when none did
    /// (the voice is then unchanged).
    func selectVoice(language: String) -> String? {
        let key = language.lowercased()
        if let known = voices[key] {
            if let known, known != currentVoice, setVoice(known) { currentVoice = known }
            return known
        }
        var candidate = Substring(key.replacingUnderscores())
        var found: String?
        while !candidate.isEmpty {
            if setVoice(String(candidate)) {
                found = String(candidate)
                currentVoice = found
                break
            }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<dash]
        }
        voices[key] = .some(found)
        return found
    }

    private func setVoice(_ language: String) -> Bool {
        language.withCString { tag in
            var voice = espeak_VOICE()
            voice.languages = tag
            return espeak_SetVoiceByProperties(&voice) == EE_OK
        }
    }

    /// Synthesises `text` (UTF-8), handing chunks to `job` until done or cancelled. Returns
    /// false when espeak-ng refused the text.
    func synthesize(_ text: String, job: SynthesisJob) -> Bool {
        let context = Unmanaged.passRetained(job)
        defer { context.release() }
        var bytes = Array(text.utf8)
        bytes.append(0)
        let result = bytes.withUnsafeBytes { raw in
            espeak_Synth(raw.baseAddress, raw.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, context.toOpaque())
        }
        return result == EE_OK
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
#endif
