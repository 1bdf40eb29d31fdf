"""The TypedDicts the methods' keyword arguments are typed with, one per API operation's body
(``…Body``) and query (``…Query``): to type a dict built ahead, ``client.leads.create(**lead)``.

They are generated into ``_params`` from clients/openapi.json; this module is their public name.
"""

from ._params import *  # noqa: F403 - every TypedDict of the generated module, by its __all__
from ._params import __all__ as __all__
