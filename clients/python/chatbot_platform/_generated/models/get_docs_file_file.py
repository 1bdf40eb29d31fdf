from enum import StrEnum


class GetDocsFileFile(StrEnum):
    FAVICON_16X16_PNG = "favicon-16x16.png"
    FAVICON_32X32_PNG = "favicon-32x32.png"
    INIT_JS = "init.js"
    SWAGGER_UI_BUNDLE_JS = "swagger-ui-bundle.js"
    SWAGGER_UI_CSS = "swagger-ui.css"

    def __str__(self) -> str:
        return str(self.value)
