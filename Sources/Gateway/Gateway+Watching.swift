import Foundation
import PocketSphinx
import Speech
import VoiceShortcuts

/// The one periodic check of what changes outside the gateway: the shortcut store (other processes' changes),
/// the configuration file's devices and the speaker adaptation's files. The recognizer follows all three.
extension Gateway {
    func watchFiles() async {
        var inGrammar = (phrases: Set(registry.index.all.map(\.normalizedPhrase)), devices: devices.list)
        var checked = inGrammar  // what the shadowed shortcuts were last looked for in
        var file = settings.configuration.path.map(ConfigurationFile.init)
        var adaptationFiles = adaptationPaths.map(ConfigurationFile.init)
        var devicesVersion = try? directory.version()
        while !Task.isCancelled {
            try? await Task.sleep(for: settings.refreshInterval)
            await refreshRegistry()
            // Devices renamed, aliased or forgotten by another process (`voiceplug devices`).
            let version = try? directory.version()
            if version != devicesVersion {
                devicesVersion = version
                deviceChanges.yield()
            }
            if let previous = file, let changed = previous.changed() {
                file = changed
                await reloadDevices(from: changed.path)
            }
            let current = (phrases: Set(registry.index.all.map(\.normalizedPhrase)), devices: devices.list)
            let nowFiles = adaptationFiles.map { $0.changed() ?? $0 }
            if nowFiles.map(\.stamp) != adaptationFiles.map(\.stamp), speech.current != nil {
                adaptationFiles = nowFiles
                if await readjust() { inGrammar = current }
            }
            if current.phrases != checked.phrases || current.devices != checked.devices {
                checked = current
                reportShadowedShortcuts()
            }
            // New or changed phrases or devices: the speech grammar follows.
            if current.phrases != inGrammar.phrases || current.devices != inGrammar.devices, speech.current != nil {
                inGrammar = current
                let shortcuts = registry.allVoiceShortcuts(), log = log
                await speech.change { recognizer in
                    do {
                        try recognizer?.rebuild(devices: current.devices, shortcuts: shortcuts)
                        log.log(.info, "speech grammar rebuilt: \(current.devices.count) devices, \(current.phrases.count) voice shortcuts")
                    } catch {
                        log.log(.warning, "cannot rebuild the speech grammar: \(error)")
                    }
                    return (recognizer, ())
                }
            }
        }
    }

    /// Reads the store's changes, and publishes the change number now in use when it moved: a command that
    /// changed the store waits for it (`voiceplug/registry`).
    func refreshRegistry() async {
        do { try registry.refresh() } catch { log.log(.warning, "cannot read the shortcut store: \(error)") }
        let version = registry.version
        let shortcutsMoved = publishedVersion.withLock { $0 != version }
        if shortcutsMoved { events.send(.shortcuts(version: version)) }
        await publishVersions()
    }

    /// Publishes the shortcut and device change numbers in use (`voiceplug/registry`, retained) when either moved.
    func publishVersions() async {
        let version = registry.version, devices = installedDevicesVersion.withLock { $0 }
        guard
            publishedVersion.withLock({ published in
                defer { published = version }
                return published != version
            })
                || publishedDevicesVersion.withLock({ published in
                    defer { published = devices }
                    return published != devices
                })
        else { return }
        let store = recentPhrases.map { ",\"store\":\(jsonString($0.path))" } ?? ""
        try? await client.publish(
            PhraseTopics.registryVersion, "{\"version\":\(version),\"devices\":\(devices)\(store)}", qos: .atLeastOnce, retain: true,
            awaitAcknowledgement: false)
    }

    /// Swaps in a recognizer with the speaker adaptation of the first of `adaptationPaths` that is there as it is
    /// now (none when none is), when that is not the one in use; whether it did. A file that is no adaptation
    /// keeps the one there was, with a warning.
    func readjust() async -> Bool {
        let paths = adaptationPaths, devices = devices.list, shortcuts = registry.allVoiceShortcuts()
        return await speech.change { [self] recognizer in
            guard let recognizer else { return (nil, false) }
            do {
                let path = paths.first { FileManager.default.fileExists(atPath: $0) }
                let now = try path.map { path throws(SpeechError) in try SpeakerAdaptation(contentsOf: path) }
                guard now != recognizer.adaptation else { return (recognizer, false) }
                let adapted = try SpeechRecognizer(
                    devices: devices, shortcuts: shortcuts, threshold: recognizer.threshold, adaptation: now)
                log.log(.info, now.map { "speech recognition adapted to \(describe($0))" } ?? "speech recognition no longer adapted")
                return (adapted, true)
            } catch {
                log.log(.warning, "speaker adaptation not reloaded, speech is heard as before: \(error)")
                return (recognizer, false)
            }
        }
    }

    /// Whose voice an adaptation fits, for the log.
    func describe(_ adaptation: SpeakerAdaptation) -> String {
        adaptation.path == settings.learning?.learnedPath ? "the voices heard (\(adaptation.path))" : "the speaker of \(adaptation.path)"
    }

    /// Reads the changed configuration file and swaps in its devices. A file that does not load keeps the devices
    /// as they were. The broker and other settings need a restart.
    func reloadDevices(from path: String) async {
        let configuration: VoicePlugConfiguration
        do {
            configuration = try VoicePlugConfiguration.load(from: path)
        } catch {
            log.log(.warning, "configuration not reloaded, the devices stay as they were: \(error)")
            return
        }
        guard !configuration.devices.isEmpty || discovery != nil else {
            log.log(.warning, "configuration not reloaded, the devices stay as they were: \(path): there are no devices to switch")
            return
        }
        directory.configuredDevices = configuration.devices
        await installDevices(because: "configuration reloaded")
    }

    /// Installs the devices again whenever asked (`deviceChanges`), until the gateway stops.
    func installDeviceChanges() async {
        for await _ in deviceChangeRequests { await installDevices(because: "devices changed") }
    }

    /// Swaps in the directory's devices: new plugs are subscribed to and asked for their state, removed ones are
    /// dropped (their retained status is cleared).
    func installDevices(because reason: String) async {
        let list: [Device]
        let version = (try? directory.version()) ?? 0
        defer {
            installedDevicesVersion.withLock { $0 = max($0, version) }
            Task { await publishVersions() }
        }
        do {
            let (devices, notes) = try directory.devices()
            for note in notes { log.log(.info, note) }
            list = devices
        } catch {
            log.log(.warning, "cannot read the announced devices, they stay as they were: \(error)")
            return
        }
        let old = devices
        guard list != old.list else { return }
        let fresh = DeviceSet(list, carryingOver: old.tracker)
        let oldFilters = Set(old.tracker.filters), newFilters = Set(fresh.tracker.filters)
        // Swapped before subscribing, so the new plugs' retained reports meet the new tracker.
        deviceSet.withLock { $0 = fresh }
        for filter in newFilters.subtracting(oldFilters).sorted() { try? await client.subscribe(filter, qos: .atLeastOnce) }
        for filter in oldFilters.subtracting(newFilters).sorted() { try? await client.unsubscribe(filter) }
        let added = fresh.list.filter { old.byID[$0.id] != $0 }, removed = old.list.filter { fresh.byID[$0.id] == nil }
        for device in removed {
            try? await client.publish(Self.plugsTopicPrefix + device.id, [UInt8](), qos: .atLeastOnce, retain: true)
        }
        for device in added { await queryState(of: device) }
        events.send(.devices)
        log.log(.info, "\(reason): \(fresh.list.count) devices (\(added.count) new or changed, \(removed.count) removed)")
    }
}
