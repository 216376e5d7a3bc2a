#if os(Linux)
import CALSA
import Glibc

/// One ALSA playback stream: mono, signed 16-bit, at the synthesiser's rate. Used by the
/// synthesis thread only. Opened when the first audio of an utterance is ready; a device that
/// cannot be opened is reported by ``open()``'s message, and tried again at the next utterance.
final class ALSAPlayback {
    let device: String
    let sampleRate: Int
    private var pcm: OpaquePointer?

    init(device: String, sampleRate: Int) {
        panelkit_alsa_quiet()
        self.device = device
        self.sampleRate = sampleRate
    }

    deinit { close() }

    var isOpen: Bool { pcm != nil }

    /// Opens the device; returns ALSA's reason when it cannot.
    func open() -> String? {
        if pcm != nil { return nil }
        var handle: OpaquePointer?
        var status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let handle else { return String(cString: snd_strerror(status)) }
        // 100 ms of buffer: an interrupt drops at most that much, and the first audio starts
        // as soon as the first chunk is written.
        status = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(clamping: sampleRate), 1, 100_000)
        guard status >= 0 else {
            snd_pcm_close(handle)
            return String(cString: snd_strerror(status))
        }
        pcm = handle
        return nil
    }

    /// Plays `samples`, blocking at the device's pace. Returns false when the device failed
    /// (it is closed, to be opened again at the next utterance).
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard let pcm, var base = samples.baseAddress else { return pcm != nil }
        var left = samples.count
        while left > 0 {
            let written = snd_pcm_writei(pcm, base, snd_pcm_uframes_t(left))
            if written < 0 {
                // An underrun (EPIPE) or a suspend (ESTRPIPE): recover and carry on.
                if snd_pcm_recover(pcm, Int32(clamping: written), 1) < 0 {
                    close()
                    return false
                }
                continue
            }
            left -= Int(written)
            base += Int(written)
        }
        return true
    }

    /// Plays what is buffered to the end (after an utterance that was not cut off).
    func drain() {
        guard let pcm else { return }
        snd_pcm_drain(pcm)
        snd_pcm_prepare(pcm)
    }

    /// Drops what is buffered at once (after an interrupt).
    func drop() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    func close() {
        guard let pcm else { return }
        snd_pcm_close(pcm)
        self.pcm = nil
    }
}
#endif
