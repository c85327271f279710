//! sade's words in Turkish.

use super::*;

pub(super) const TR: Words = Words {
    table: TableWords {
        attempt: "Deneme",
        delay: "Gecikme",
        min: "En az",
        max: "En çok",
        sample: "Örnek",
        strategy: "Strateji",
        worst_total: "En kötü durumda toplam bekleme",
        best_total: "En iyi durumda toplam bekleme",
        mean_total: "Ortalama toplam bekleme",
        estimated: "tahmini",
        totals: "Tüm denemeler boyunca toplam bekleme",
        legend: "Her hücrede en kısa ve en uzun bekleme; altında, tohumla çekilen bir istemcinin \
                 beklemesi (örnek).",
    },
    chart: ChartWords {
        peak_share: "Tepe payı",
        fleet: "Filo simülasyonu",
        title: "{fleet}: {clients} istemcinin yeniden denemeleri zamana göre",
        summary: "{strategy}: en kalabalık pencerede {retries} yeniden denemenin {share} kadarı",
        axis: "Zaman ekseni logaritmik: {from} ile {to} arası; {from} öncesindeki yeniden \
               denemeler ilk çubukta sayılır. Bütün çubuklar aynı ölçekte; her \
               stratejinin sağındaki yüzde, yeniden denemelerinin zamanın en kalabalık \
               1/10.000'lik dilimine düşen payı.",
    },
    describe: DescribeWords {
        sentence: "İlk bekleme {base}, her denemede ×{factor}, {cap}; {attempts}, tohum {seed}",
        capped: "üst sınır {cap}",
        no_cap: "üst sınır yok",
        one_attempt: "{n} deneme",
        attempts: "{n} deneme",
    },
    terminal: TerminalWords {
        schedule: "Backoff zamanlaması",
        clients: "{n} istemci",
        peak_note: "en kalabalık pencere = zaman ekseninin 1/10.000'i",
    },
    form: FormWords {
        legend: "Zamanlama",
        base: "İlk bekleme",
        factor: "Çarpan",
        cap: "Üst sınır",
        attempts: "Deneme sayısı",
        jitter: "Jitter",
        all: "Hepsini karşılaştır",
        seed: "Tohum",
        clients: "İstemci sayısı",
        new_seed: "Yeni tohum",
        hint_duration: "örn. 100ms, 1.5s, 2m",
        hint_cap: "örn. 30s ya da none",
        odds_legend: "Olasılıklar (isteğe bağlı)",
        fail: "Başarısızlık oranı",
        timeout: "Zaman aşımı",
        deadline: "Süre sınırı",
        outage: "Kesinti süresi",
        hint_fail: "örn. %30 ya da 0.3",
        hint_timeout: "örn. 2s; başarısız bir çağrının süresi",
        hint_deadline: "örn. 20s",
        hint_outage: "örn. 60s",
        library: "Kütüphane",
        library_2: "İkinci kütüphane",
        library_3: "Üçüncü kütüphane",
        hint_library: "En çok üç tane, tek grafikte yan yana",
        no_library: "Yok",
        copy: "Kopyala",
        copied: "Kopyalandı",
        noscript: "Değerleri değiştirmek için JavaScript gerekir; aşağıdaki sonuçlar derleme \
                   sırasında hesaplandı.",
        stale: "Girdilerden biri geçersiz: aşağıdaki sonuçlar son geçerli değerlere ait.",
    },
    messages: MessageWords {
        missing: "{label}: bir değer yazın, örneğin `100ms`",
        no_unit: "{label}: `{value}` bir birim ister (ms, s, m ya da h), örneğin `100ms`",
        unknown_unit: "{label}: `{unit}` bir birim değil; ms, s, m ya da h kullanın",
        not_number: "{label}: `{value}` bir sayı değil",
        exponent: "{label}: `{text}` üslü yazılmış; süreyi düz ondalık sayıyla yazın, örneğin `1000ms` ya da `1.5s`",
        bad_duration: "{label}: `{value}` sıfır ya da daha uzun, sonlu bir süre olmalı",
        not_whole: "{label}: `{value}` 0 ile {max} arasında bir tam sayı değil",
        unknown_strategy: "{label}: `{value}` bir strateji değil",
        unknown_library: "{label}: `{value}` bilinen bir kütüphane değil",
        base_range: "{label} sıfırdan uzun olmalı",
        factor_range: "{label} en az 1 olmalı (1 beklemeyi sabit tutar, 2 ikiye katlar)",
        cap_range: "{label} en az ilk bekleme ({base}) kadar olmalı ya da `none`",
        count_range: "{label} 1 ile {max} arasında bir tam sayı olmalı",
        overflow: "{label}: {n}. denemenin beklemesi taşıyor; bir üst sınır koyun ya da daha az \
                   deneme seçin",
        total_overflow: "{label}: {clients} istemcinin toplam beklemesi taşıyor; bir üst sınır \
                         koyun ya da daha az deneme seçin",
        fail_range: "{label} 0 ile 1 arasında bir pay ya da %0 ile %100 arasında bir yüzde olmalı",
        timeout_range: "{label} o kadar uzun ki bir isteğin en kötü süresi taşıyor",
        layers_need_fail: "{label} için bir başarısızlık oranı gerekir",
        unknown_argument: "`{label}` bilinen bir alan değil",
        rate_range: "{label} sıfırdan büyük ve en çok {max} olan bir sayı olmalı",
        duration_range: "{label} {min} ile {max} arasında bir süre olmalı",
        duration_above: "{label} sıfırdan uzun ve en çok {max} olan bir süre olmalı",
        queue_range: "{label} 0 ile {max} arasında bir tam sayı ya da `none` olmalı",
        unknown_budget: "{label}: `{value}` bir yeniden deneme bütçesi değil",
        too_many_requests: "{label}: bu, benzetim süresince {requests} istek demek; en çok {max} \
                            istek simüle edilebilir",
        setting_range: "{label} `{value}` olamaz: {allowed}",
        not_bool: "{label}: `{value}` ne true ne false",
        unknown_trigger: "{label}: `{value}` bir tetikleyici değil (outage, slowdown ya da surge)",
        degraded_range: "{label}, kalan kapasitenin payı olmalı: %0'dan büyük, en çok %100",
        surge_range: "{label}, talebin 1 ile 100 arasında bir katı olmalı",
        frontier_requests: "{label}: sınır araması 2 dk'ya kadar tetikleyiciler deniyor, bu da \
                            {requests} istek demek; en çok {max} istek simüle edilebilir",
        trigger_param: "{label} yalnızca {kind} tetikleyicisinde geçerli: önce onu seçin",
    },
    odds: OddsWords {
        odds: "Olasılıklar",
        outage: "Kesinti",
        p_success: "Başarılı olan istekler",
        p_fail: "Yine de başarısız olan istekler",
        load: "İstek başına çağrı (yük çarpanı)",
        success_at: "Başarıya kadar geçen süre, {q}",
        within: "Süre sınırı ({d}) içinde başarılı",
        give_up_worst: "Vazgeçene kadar en uzun süre",
        fit_attempts: "Süre sınırına ({d}) sığan en çok deneme",
        fit_base: "Süre sınırına ({d}) sığan en büyük base",
        outage_give_up: "Servis dönmeden vazgeçen istekler",
        outage_at: "Servis döndükten sonra başarı, {q}",
        outage_first: "Servis döndükten sonraki ilk 100 ms içinde gelenler",
        after_recovery: "Servis döndükten sonra geçen süre",
        fails_with_timeout: "Bir çağrı {p} olasılıkla başarısız oluyor ve başarısız bir çağrı \
                             {timeout} sürüyor",
        fails_at_once: "Bir çağrı {p} olasılıkla başarısız oluyor, hem de zaman aşımı beklemeden",
        timeout_only: "Başarısız bir çağrı {timeout} sürüyor",
        calls: "; istek başına en çok {calls} çağrı (ilki ve {retries} yeniden deneme).",
        simulated: " None kesin hesaplanır; jitter'lı stratejiler her biri {clients} istekle \
                    simüle edilir.",
        outage_sentence: "Servis ilk {o} boyunca kapalı: bu sürede başlayan her çağrı başarısız \
                          olur, sonrakilerin hepsi başarılı.",
        nested: "İç içe {layers} katman: istek başına en alttaki servise en çok {max} çağrı \
                 gider, ortalamada {expected}; isteklerin başarı oranı {p}.",
        outage_title: "{outage} süren bir kesintiden sonra başarılı çağrılar, servisin \
                       dönüşünden itibaren geçen süreye göre (strateji başına {requests} istek, \
                       hepsi aynı ölçekte)",
        outage_bars: "Her çubuk {bin} içindeki başarılı çağrıları sayar; en uzunu {tallest} \
                      çağrı. Gölgeli şerit ilk 100 ms.",
        outage_first_note: "ilk 100 ms içinde {p}",
        everyone_gives_up: "hepsi vazgeçiyor",
        outage_fact: "{strategy}: servis dönmeden vazgeçenler {give_up}; kalanların yarısı \
                      dönüşten sonraki {p50} içinde, yüzde 99'u {p99} içinde başarılı oluyor; ilk \
                      100 ms içinde gelenler {first}.",
        outage_fact_none: "{strategy}: isteklerin hepsi servis dönmeden vazgeçiyor.",
    },
    libraries: LibraryWords {
        library: "Kütüphane",
        per_retry: "Yeniden deneme başına gecikme",
        worst: "En kötü durumda toplam",
        mean: "Ortalama toplam",
        estimated: "tahmini",
        details: "notlar ve kod",
        retries: "yeniden deneme",
        title: "Yeniden deneme kütüphaneleri",
        retry: "Yeniden deneme",
        config: "Ayarlar",
        notes: "Notlar",
        code: "Kod",
        groups: ["HTTP istemcileri", "Bulut SDK'ları", "RPC", "Genel amaçlı"],
        chart_title: "{fleet}: her kütüphanenin {clients} istemcisinin yeniden denemeleri \
                      zamana göre",
        chart_axis: "Zaman ekseni logaritmik: {from} ile {to} arası; {from} öncesindeki \
                     yeniden denemeler ilk çubukta sayılır. Bütün çubuklar aynı ölçekte; her \
                     kütüphanenin sağındaki yüzde, yeniden denemelerinin zamanın en kalabalık \
                     1/10.000'lik dilimine düşen payı.",
    },
    recovery: RecoveryWords {
        title: "Servis geri gelecek mi?",
        inputs: "{clients} istemci, saniyede {capacity} çağrıyı tamamlayan bir servise saniyede \
                 {demand} yeni istek gönderiyor. {trigger}; istemci bir çağrıyı en çok \
                 {timeout} bekliyor; {queue}.",
        queue_unbounded: "kuyruğun sınırı yok",
        queue_bounded: "kuyrukta en çok {q} çağrı bekleyebiliyor",
        shed: " Sunucu, zamanında bitemeyecek çağrıları hiç işlemeden atlıyor.",
        budget: "Bütçe",
        verdict: "Sonuç",
        peak_load: "En yüksek yük",
        given_up: "Vazgeçilen",
        wasted: "Boşa giden iş",
        retries: "Yeniden denemeler",
        refused: "Reddedilen",
        no_recovery: "{h} içinde toparlanmıyor",
        times_capacity: "kapasitenin {x} katı",
        budgets: BudgetLabels {
            none: "Bütçe yok",
            grpc: "gRPC yeniden deneme kısıtı",
            aws: "AWS yeniden deneme kotası",
            finagle: "Finagle RetryBudget",
            linkerd: "Linkerd yeniden deneme bütçesi",
            envoy: "Envoy yeniden deneme bütçesi",
            sre: "SRE uyarlanır kısıtlama",
        },
        chart_title: "{strategy} jitter: servise ulaşan çağrılar, bütçe bütçe",
        chart_note: "Bütün şeritler aynı ölçekte. Her çubuk {column} içinde servise ulaşan \
                     çağrıları sayar: altta ilk çağrılar, üstte yeniden denemeler. Çizgi, \
                     servisin aynı sürede tamamlayabildiği çağrı sayısı ({per_bin}); gölgeli \
                     şerit {band}.",
        queue_title: "{strategy} jitter: servisin kuyruğunda bekleyen çağrılar, bütçe bütçe",
        queue_note: "Bütün şeritler aynı ölçekte. Her çubuk {column} içindeki en uzun kuyruk; \
                     çizgi, sunucunun bir istemci zaman aşımı içinde eritebildiği kuyruk \
                     ({line} çağrı). Daha uzun bir kuyruğa giren çağrı, sırası gelmeden zaman \
                     aşımına uğrar; sunucu yine de onunla uğraşır.",
        waiting: "bekleyen çağrılar",
        timeout_line: "bir zaman aşımı",
        capacity_line: "kapasite",
        first_calls: "ilk çağrılar",
        retry_calls: "yeniden denemeler",
        fact: "{budget}: {verdict}; en yüksek yük {peak}, isteklerin {given_up} kadarından \
               vazgeçildi, sunucunun işinin {wasted} kadarı boşa gitti.",
        legend: "Yük altındaki istemciler",
        demand: "Talep (istek/sn)",
        capacity: "Kapasite (çağrı/sn)",
        timeout: "Zaman aşımı",
        outage: "Kesinti",
        horizon: "Sonrası",
        queue: "Kuyruk sınırı",
        shed_field: "Zamanında bitemeyecek çağrıları atla",
        budgets_field: "Yeniden deneme bütçeleri",
        strategy: "Jitter",
        hint_rate: "örn. 800",
        hint_capacity: "örn. 1000",
        hint_queue: "örn. 200 ya da none",
        computing: "Hesaplanıyor…",
        trigger: "Tetikleyici",
        degraded: "Kalan kapasite",
        surge: "Talep ×",
        hint_degraded: "örn. %50",
        hint_surge: "örn. 3",
        triggers: TriggerSet {
            outage: TriggerWords {
                name: "kesinti",
                describe: "Servis {outage} boyunca kapalı",
                span: "Benzetim kesintiden {before} önce başlıyor, kesintiden {horizon} \
                       sonrasına kadar sürüyor.",
                per_client: "Kesintide tek istemcinin en çoğu",
                recovers: "kesintiden {t} sonra toparlanıyor",
                recovers_at_once: "kesinti biter bitmez toparlanıyor",
                axis: "kesintinin başından bu yana saniye",
                longest: "Atlatılan en uzun kesinti",
                survives: "en çok {t} süren kesintileri atlatıyor",
                survives_all: "denenen bütün kesintileri, {t} süreni bile atlatıyor",
                survives_none: "{t} süren bir kesintiyi bile atlatamıyor",
                one: "{t} süren bir kesinti",
            },
            slowdown: TriggerWords {
                name: "yavaşlama",
                describe: "Servis {outage} boyunca bunun ancak {degraded} kadarını tamamlıyor",
                span: "Benzetim yavaşlamadan {before} önce başlıyor, yavaşlamadan {horizon} \
                       sonrasına kadar sürüyor.",
                per_client: "Yavaşlamada tek istemcinin en çoğu",
                recovers: "yavaşlamadan {t} sonra toparlanıyor",
                recovers_at_once: "yavaşlama biter bitmez toparlanıyor",
                axis: "yavaşlamanın başından bu yana saniye",
                longest: "Atlatılan en uzun yavaşlama",
                survives: "en çok {t} süren yavaşlamaları atlatıyor",
                survives_all: "denenen bütün yavaşlamaları, {t} süreni bile atlatıyor",
                survives_none: "{t} süren bir yavaşlamayı bile atlatamıyor",
                one: "{t} süren bir yavaşlama",
            },
            surge: TriggerWords {
                name: "talep artışı",
                describe: "İstemciler {outage} boyunca her zamankinin {surge} katı yeni istek \
                           gönderiyor",
                span: "Benzetim talep artışından {before} önce başlıyor, artıştan {horizon} \
                       sonrasına kadar sürüyor.",
                per_client: "Artışta tek istemcinin en çoğu",
                recovers: "talep artışından {t} sonra toparlanıyor",
                recovers_at_once: "talep artışı biter bitmez toparlanıyor",
                axis: "talep artışının başından bu yana saniye",
                longest: "Atlatılan en uzun talep artışı",
                survives: "en çok {t} süren talep artışlarını atlatıyor",
                survives_all: "denenen bütün talep artışlarını, {t} süreni bile atlatıyor",
                survives_none: "{t} süren bir talep artışını bile atlatamıyor",
                one: "{t} süren bir talep artışı",
            },
        },
        frontier: FrontierWords {
            title: "{strategy} jitter: her bütçe neyi atlatıyor, ne kadar kapasite gerekiyor",
            capacity: "Gereken kapasite",
            at_inputs: "Bu girdilerle",
            at_least: "en az {t}",
            under: "{t} altı",
            calls_per_second: "saniyede {n} çağrı",
            times_demand: "talebin {x} katı",
            more_than: "talebin 10 katından fazla",
            note: "Öteki bütün girdiler yukarıdaki gibi. En uzun tetikleyici 0,25 sn'den 2 \
                   dk'ya kadar, çeyrek saniye adımlarla aranıyor; kapasite talepten onun on \
                   katına kadar. İkisi de güvenli uca en yakın sınır: servis bazı daha uzun \
                   tetikleyicilerden ya da biraz daha az kapasiteyle yine de dönebilir.",
            advice_fails: "{budget}: {survives}; {one} için {needs} gerekiyor.",
            advice_recovers: "{budget}: {survives}; {one} için {capacity} bile yeterdi.",
            or: " ya da ",
            shedding: "zamanında bitemeyecek çağrıları atlamak",
            queue_limit: "en çok {q} çağrılık bir kuyruk sınırı",
            map_title: "{strategy} jitter: {longest}, servisin doluluğuna göre",
            map_axis: "kullanım oranı: talebin kapasiteye oranı",
            map_note: "Her çizgi bir bütçe: talep kapasitenin o kadarını kullanırken servisin \
                       hâlâ geri döndüğü en uzun tetikleyici, logaritmik ölçekte. Bir çizginin \
                       üstünde o bütçeyle servis geri gelmiyor. En üstteki nokta denenen bütün \
                       tetikleyicileri ({top}) atlattı; en alttaki {bottom} süreni bile \
                       atlatamadı.",
            map_region: "geri gelmiyor",
            map_line: "{budget}: {points}.",
            map_point: "{u} doluluğunda {t}",
            map_button: "Haritayı bu girdilerle hesapla",
            progress: "Aranıyor: {total} adımın {done} tanesi bitti",
        },
    },
    page: PageWords {
        task_done: "Yapıldı",
        task_open: "Yapılmadı",
        callout_note: "Not",
        callout_tip: "İpucu",
        callout_important: "Önemli",
        callout_warning: "Dikkat",
        callout_danger: "Tehlike",
    },
};
